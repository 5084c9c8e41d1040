import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { problemOf } from "@/lib/problem";
import type { FormMessages } from "./form-messages";

/** Where errors that belong to no field of the form are kept (shown above the fields). */
export const FORM_ERROR = "root.server" as const;

/**
 * Shows a failed save on the form: each `problem.errors` entry of a 422 goes, translated,
 * to the field its path names ("name", "images.0.resource_file_id"); errors of fields the
 * form does not have go above the fields as "<label>: <message>". Answers that are not
 * about fields return false (the caller reports them otherwise).
 */
export function applyServerErrors<T extends FieldValues>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form, whatever its context and output
  form: UseFormReturn<T, any, any>,
  error: unknown,
  messages: FormMessages,
): boolean {
  const problem = problemOf(error);
  if (problem?.status !== 422 || !problem.errors?.length) return false;
  const fields = new Set(Object.keys(form.getValues()));
  const elsewhere: string[] = [];
  for (const { path, message, code, params } of problem.errors) {
    const text = messages.issue({ ...params, message, code });
    const top = path.split(".")[0] ?? "";
    if (fields.has(top)) form.setError(path as Path<T>, { type: "server", message: text });
    else elsewhere.push(path === "(body)" ? text : fieldMessage(messages.label(path), text)!);
  }
  if (elsewhere.length > 0) form.setError(FORM_ERROR, { type: "server", message: elsewhere.join("\n") });
  return true;
}

/** A field's error as "<Field label>: <message>", in whichever language both came in. */
export function fieldMessage(label: React.ReactNode, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return typeof label === "string" && label !== "" ? `${label}: ${message}` : message;
}
