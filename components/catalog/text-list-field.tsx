"use client";

import { PlusIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useController, type FieldValues } from "react-hook-form";
import { fieldMessage, type BoundFieldProps } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

type ListError = { message?: string; root?: { message?: string } } & Record<number, { message?: string } | undefined>;

/**
 * An array of texts (variation values, SEO keywords, ...) as removable chips and an input
 * that adds one on Enter or with the Add button. Errors of one item show next to it.
 */
export function TextListField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  required,
  className,
  placeholder,
}: BoundFieldProps<T> & { placeholder?: string }) {
  const t = useTranslations("textList");
  const common = useTranslations("common");
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const [draft, setDraft] = useState("");
  const items = (field.value as string[] | undefined) ?? [];
  const error = fieldState.error as ListError | undefined;
  const listError = fieldMessage(label, error?.message ?? error?.root?.message);
  const itemErrors = items
    .map((item, index) => [item, fieldMessage(`“${item}”`, error?.[index]?.message)] as const)
    .filter(([, message]) => message);

  const add = () => {
    const value = draft.trim();
    if (!value) return;
    field.onChange([...items, value]);
    setDraft("");
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} className={className}>
      <span id={`${id}-label`} className="mb-2 flex items-center gap-1 text-sm font-medium">
        {label}
        {required && (
          <span className="text-destructive" aria-hidden>
            *
          </span>
        )}
      </span>
      {description && <p className="mb-2 text-xs text-muted-foreground">{description}</p>}
      {items.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={label}>
          {items.map((item, index) => (
            <li
              key={`${index}-${item}`}
              className="flex items-center gap-1 rounded-md border bg-muted/40 py-0.5 pr-0.5 pl-2 text-sm data-[invalid=true]:border-destructive"
              data-invalid={error?.[index] ? true : undefined}
            >
              {item}
              <Button
                variant="ghost"
                size="icon-sm"
                className="size-6"
                aria-label={t("remove", { item })}
                onClick={() => field.onChange(items.filter((_, at) => at !== index))}
              >
                <XIcon aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <Input
          ref={field.ref}
          value={draft}
          placeholder={placeholder ?? t("placeholder")}
          aria-label={t("newItem", { label: label.toLowerCase() })}
          aria-invalid={listError ? true : undefined}
          aria-describedby={listError ? `${id}-error` : undefined}
          onBlur={field.onBlur}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outline" onClick={add} disabled={!draft.trim()}>
          <PlusIcon aria-hidden />
          {common("add")}
        </Button>
      </div>
      {(listError || itemErrors.length > 0) && (
        <div id={`${id}-error`} className="mt-2 text-sm text-destructive">
          {listError && <p>{listError}</p>}
          {itemErrors.map(([item, message], index) => (
            <p key={`${index}-${item}`}>{message}</p>
          ))}
        </div>
      )}
    </div>
  );
}
