"use client";

import { toNestErrors } from "@hookform/resolvers";
import { AlertCircleIcon, Loader2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import {
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { useProblemMessages } from "@/lib/problem";
import { cn } from "@/lib/utils";
import type { IssueLike } from "@/lib/validation-messages";
import { useFormMessages, type FormMessages } from "./form-messages";
import { LocalChecksContext, useLocalCheckRegistry } from "./local-checks";
import { applyServerErrors, FORM_ERROR } from "./server-errors";
import { useUnsavedChanges } from "./unsaved-changes";

/** A form of the panel: react-hook-form plus how it words its errors. */
export type ResourceFormReturn<Input extends FieldValues, Output> = UseFormReturn<Input, unknown, Output> & { messages: FormMessages };

/** The server's own schema as a resolver, its issues worded in the active language. */
function localizedResolver<Input extends FieldValues, Output>(
  schema: z.ZodType,
  messages: () => FormMessages,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values, { reportInput: true });
    if (result.success) return { values: result.data as Output, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join(".") || FORM_ERROR;
      errors[path] ??= { type: issue.code, message: messages().issue(issue as unknown as IssueLike) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/**
 * react-hook-form checked by the server's own write schema: the same rules on both sides,
 * the messages in the active language. Values are the schema's input; the submit handler
 * gets its output. `labels` names the namespace of the resource's field labels
 * ("brands.fields"), used where a message names another field.
 */
export function useResourceForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, "resolver" | "defaultValues"> & {
    defaultValues: DefaultValues<z.input<Schema>>;
    labels?: string;
  },
): ResourceFormReturn<z.input<Schema>, z.output<Schema>> {
  const { labels, ...formOptions } = options;
  const messages = useFormMessages(labels);
  const current = useRef(messages);
  current.current = messages;
  const [resolver] = useState(() => localizedResolver<z.input<Schema>, z.output<Schema>>(schema, () => current.current));
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: "onTouched",
    shouldFocusError: false,
    ...formOptions,
    resolver,
  });
  return Object.assign(form, { messages });
}

export interface ResourceFormProps<Input extends FieldValues, Output> {
  form: ResourceFormReturn<Input, Output>;
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

/** Scrolls the first error of the form into the middle of the view (clear of the sticky header) and focuses it. */
function revealFirstError(form: HTMLFormElement | null) {
  const target = form?.querySelector<HTMLElement>('[data-form-error], [aria-invalid="true"]');
  if (!target) return;
  target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
}

/**
 * A resource's create or edit form: fields, the errors that belong to none of them, Save
 * and Cancel. Leaving it with unsaved changes asks first; a refused save brings the first
 * error into view.
 */
export function ResourceForm<Input extends FieldValues, Output>({
  form,
  onSubmit,
  readOnly = false,
  submitLabel,
  cancelHref,
  secondaryActions,
  className,
  children,
}: ResourceFormProps<Input, Output>) {
  const t = useTranslations("common");
  const problems = useProblemMessages();
  const element = useRef<HTMLFormElement>(null);
  const checks = useLocalCheckRegistry();
  const { isSubmitting, isDirty, errors } = form.formState;
  useUnsavedChanges(isDirty && !readOnly);
  // After a refused save, once the errors are on screen and the fields enabled again: the first one, in view and focused.
  const [attempts, setAttempts] = useState(0);
  const revealed = useRef(0);
  useEffect(() => {
    if (attempts === revealed.current || isSubmitting) return;
    revealed.current = attempts;
    revealFirstError(element.current);
  }, [attempts, isSubmitting]);
  const formError = (errors.root as Record<string, { message?: string }> | undefined)?.server?.message;

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const locallyValid = checks.passes();
    await form.handleSubmit(async (values) => {
      if (!locallyValid) return;
      form.clearErrors(FORM_ERROR as never);
      try {
        await onSubmit(values);
      } catch (error) {
        if (!applyServerErrors(form, error, form.messages)) problems.toastError(error);
      }
    })(event);
    setAttempts((count) => count + 1);
  };

  return (
    <LocalChecksContext.Provider value={checks}>
      <form ref={element} noValidate onSubmit={submit} className={cn("flex flex-col gap-6", className)}>
        {formError && (
          <div
            role="alert"
            tabIndex={-1}
            data-form-error
            className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm whitespace-pre-line text-destructive outline-none"
          >
            <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            {formError}
          </div>
        )}
        <fieldset disabled={readOnly || isSubmitting} className="grid min-w-0 grid-cols-1 gap-5">
          {children}
        </fieldset>
        <div data-slot="form-actions" className="flex flex-wrap items-center gap-2 border-t pt-5">
          {secondaryActions}
          <div className="ml-auto flex gap-2">
            {cancelHref && (
              <Button variant="outline" asChild>
                <Link href={cancelHref}>{readOnly ? t("back") : t("cancel")}</Link>
              </Button>
            )}
            {!readOnly && (
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting && <Loader2Icon className="animate-spin" aria-hidden />}
                {isSubmitting ? t("saving") : (submitLabel ?? t("save"))}
              </Button>
            )}
          </div>
        </div>
      </form>
    </LocalChecksContext.Provider>
  );
}
