"use client";

import { SearchIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { useController, type FieldValues } from "react-hook-form";
import { fieldMessage, type BoundFieldProps } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";
import { normalize } from "./category-tree";
import { useCategoryPaths } from "./lookups";

const NOTHING = "__nothing__";

/**
 * Several categories of a record (a product's `category_ids`): the chosen ones as chips
 * (each with a remove button), and a select of the others by their path, with a filter box.
 */
export function CategoriesField<T extends FieldValues>({ control, name, label, description, className }: BoundFieldProps<T>) {
  const t = useTranslations("categoriesField");
  const lookup = useTranslations("lookup");
  const common = useTranslations("common");
  const { field, fieldState } = useController({ control, name });
  const chosen = useMemo(() => (field.value as string[] | undefined) ?? [], [field.value]);
  const { paths, isLoading } = useCategoryPaths();
  const [search, setSearch] = useState("");
  const id = useId();
  const labelOf = (categoryId: string) => paths.find((path) => path.value === categoryId)?.label ?? categoryId;
  const term = normalize(search.trim());
  const options = paths.filter((path) => !chosen.includes(path.value) && normalize(path.label).includes(term)).slice(0, 200);
  const error = fieldMessage(label, typeof fieldState.error?.message === "string" ? fieldState.error.message : undefined);
  const describedBy = [description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div data-slot="field" data-invalid={error ? true : undefined} className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {chosen.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("chosen", { label })}>
          {chosen.map((categoryId) => (
            <li key={categoryId} className="flex items-center gap-1 rounded-full border bg-muted py-0.5 pr-0.5 pl-3 text-sm">
              {labelOf(categoryId)}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-6 rounded-full"
                aria-label={t("remove", { name: labelOf(categoryId) })}
                onClick={() => field.onChange(chosen.filter((value) => value !== categoryId))}
              >
                <XIcon aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t("none")}</p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Select value="" onValueChange={(value) => value && value !== NOTHING && field.onChange([...chosen, value])}>
          <SelectTrigger
            id={id}
            ref={field.ref}
            onBlur={field.onBlur}
            className="sm:flex-1"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          >
            <SelectValue placeholder={isLoading ? common("loading") : t("add")} />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
            {!isLoading && options.length === 0 && (
              <SelectItem value={NOTHING} disabled>
                {term ? lookup("noMatch") : lookup("nothing")}
              </SelectItem>
            )}
          </SelectContent>
        </Select>
        <div className="relative sm:w-48">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={lookup("filter")}
            aria-label={lookup("filterLabel", { label: label.toLowerCase() })}
            className="pl-8"
          />
        </div>
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
    </div>
  );
}
