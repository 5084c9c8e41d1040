import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { problemOf, toastError } from "@/lib/problem";

/** Where errors that belong to no field of the form are kept (shown above the fields). */
export const FORM_ERROR = "root.server" as const;

/**
 * Shows a failed save on the form: each `problem.errors` entry of a 422 goes to the field
 * its path names ("name", "images.0.resource_file_id"), the first one focused; errors of
 * fields the form does not have go above the fields; anything else is a toast.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form, whatever its context and output
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T, any, any>, error: unknown): void {
  const problem = problemOf(error);
  if (problem?.status !== 422 || !problem.errors?.length) {
    toastError(error);
    return;
  }
  const fields = new Set(Object.keys(form.getValues()));
  const elsewhere: string[] = [];
  let focus = true;
  for (const { path, message } of problem.errors) {
    const top = path.split(".")[0] ?? "";
    if (fields.has(top)) {
      form.setError(path as Path<T>, { type: "server", message }, { shouldFocus: focus });
      focus = false;
    } else {
      elsewhere.push(path === "(body)" ? message : `${path}: ${message}`);
    }
  }
  if (elsewhere.length > 0) form.setError(FORM_ERROR, { type: "server", message: elsewhere.join("\n") });
}

/** Messages that read as the rest of a sentence about the field ("is required", "must be a UUID"). */
const PREDICATE = /^(is|are|must|should|cannot|can't|may|has|have|was|were|does|do|already|needs?)\b/;

/**
 * A field's message as a sentence: "is required" under "Name" reads "Name is required";
 * any other message is shown as it is, capitalized.
 */
export function fieldMessage(label: React.ReactNode, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (typeof label === "string" && PREDICATE.test(message)) return `${label} ${message}`;
  return message.charAt(0).toUpperCase() + message.slice(1);
}
