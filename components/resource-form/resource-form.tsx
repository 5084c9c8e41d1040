"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircleIcon, Loader2Icon } from "lucide-react";
import Link from "next/link";
import { useForm, type DefaultValues, type FieldValues, type UseFormProps, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { applyServerErrors, FORM_ERROR } from "./server-errors";

/**
 * react-hook-form checked by the server's own write schema: the same rules and messages
 * on both sides. Values are the schema's input; the submit handler gets its output.
 */
export function useResourceForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, "resolver" | "defaultValues"> & {
    defaultValues: DefaultValues<z.input<Schema>>;
  },
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: "onTouched",
    ...options,
    resolver: zodResolver(schema as never) as never,
  });
}

export interface ResourceFormProps<Input extends FieldValues, Output> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context
  form: UseFormReturn<Input, any, Output>;
  /** Saves the valid values; a thrown tRPC error is shown on the fields (422) or as a toast. */
  onSubmit: (values: Output) => Promise<unknown>;
  /** Shown without the save button and with every control disabled (roles that may not write). */
  readOnly?: boolean;
  submitLabel?: string;
  cancelHref?: string;
  /** Extra buttons at the start of the footer (e.g. Delete). */
  secondaryActions?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}

/** A resource's create or edit form: fields, the errors that belong to none of them, Save and Cancel. */
export function ResourceForm<Input extends FieldValues, Output>({
  form,
  onSubmit,
  readOnly = false,
  submitLabel = "Save",
  cancelHref,
  secondaryActions,
  className,
  children,
}: ResourceFormProps<Input, Output>) {
  const { isSubmitting, errors } = form.formState;
  const formError = (errors.root as Record<string, { message?: string }> | undefined)?.server?.message;
  const submit = form.handleSubmit(async (values) => {
    form.clearErrors(FORM_ERROR as never);
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  return (
    <form noValidate onSubmit={submit} className={cn("flex flex-col gap-6", className)}>
      {formError && (
        <div role="alert" className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm whitespace-pre-line text-destructive">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {formError}
        </div>
      )}
      <fieldset disabled={readOnly || isSubmitting} className="grid min-w-0 gap-5">
        {children}
      </fieldset>
      <div className="flex flex-wrap items-center gap-2 border-t pt-5">
        {secondaryActions}
        <div className="ml-auto flex gap-2">
          {cancelHref && (
            <Button variant="outline" asChild>
              <Link href={cancelHref}>{readOnly ? "Back" : "Cancel"}</Link>
            </Button>
          )}
          {!readOnly && (
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting && <Loader2Icon className="animate-spin" aria-hidden />}
              {isSubmitting ? "Saving…" : submitLabel}
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
