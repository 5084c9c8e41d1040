"use client";

import { useCallback, useId } from "react";
import { useController, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { fieldMessage } from "@/components/resource-form";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { useDynamicTranslations } from "@/lib/i18n";
import { eventKey, webhookEventTypes } from "@/server/webhooks/schemas";

/** An event type in the active language (its code when unknown). */
export function useEventLabel(): (type: string) => string {
  // Event types are data (one may be added before its words): looked up by a built key.
  const t = useDynamicTranslations("webhooks.eventTypes");
  return useCallback((type: string) => (t.has(eventKey(type)) ? t(eventKey(type)) : type), [t]);
}

/** The events of an endpoint: one checkbox per event type, a fieldset named by its legend. */
export function EventsField<T extends FieldValues>({
  control,
  name,
  label,
  description,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form context and output
  control: Control<T, any, any>;
  name: FieldPath<T>;
  label: string;
  description?: string;
}) {
  const id = useId();
  const eventLabel = useEventLabel();
  const { field, fieldState } = useController({ control, name });
  const selected = (field.value as string[] | undefined) ?? [];
  const error = fieldMessage(label, fieldState.error?.message ?? fieldState.error?.root?.message);
  const toggle = (type: string, checked: boolean) => {
    const next = checked ? [...selected, type] : selected.filter((value) => value !== type);
    // In the order of the list, whatever order they were ticked in.
    field.onChange(webhookEventTypes.filter((value) => next.includes(value)));
  };
  return (
    <fieldset
      className="grid gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={[description ? `${id}-description` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined}
    >
      <legend className="mb-2 text-sm font-medium">
        {label}
        <span className="text-destructive" aria-hidden>
          *
        </span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {webhookEventTypes.map((type, index) => (
          <div key={type} className="flex items-center gap-3">
            <Checkbox
              id={`${id}-${type}`}
              ref={index === 0 ? field.ref : undefined}
              checked={selected.includes(type)}
              onCheckedChange={(checked) => toggle(type, checked === true)}
              onBlur={field.onBlur}
            />
            <Label htmlFor={`${id}-${type}`} className="font-normal">
              {eventLabel(type)} <code className="text-xs text-muted-foreground">{type}</code>
            </Label>
          </div>
        ))}
      </div>
      {description && (
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
