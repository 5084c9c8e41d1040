"use client";

import { PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { useController, useFieldArray, type Control } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { trpc } from "@/lib/trpc";
import { SPECIFICATION_PREFIX } from "@/server/pricing/criteria";
import type { DiscountWrite, DiscountWriteOutput } from "@/server/pricing/discounts/schemas";

type Entry = {
  key: string;
  values: string[];
  type?: string;
  config?: string | null;
};
const KINDS = ["brand_id", "category_id", "product_id", "sku", "specification"] as const;
type Kind = (typeof KINDS)[number];
const kindOf = (key: string): Kind =>
  key.startsWith(SPECIFICATION_PREFIX) ? "specification" : (KINDS.find((kind) => kind === key) ?? "brand_id");
const CHOICES = 100;

function useChoices(kind: Kind) {
  const brands = trpc.brands.list.useQuery({ perPage: CHOICES, sort: "name" }, { enabled: kind === "brand_id", staleTime: 30_000 });
  const categories = trpc.categories.list.useQuery(
    { perPage: CHOICES, sort: "name", root_id: undefined },
    { enabled: kind === "category_id", staleTime: 30_000 },
  );
  const products = trpc.products.list.useQuery(
    { perPage: CHOICES, sort: "name", summary: true },
    { enabled: kind === "product_id", staleTime: 30_000 },
  );
  if (kind === "brand_id")
    return (brands.data?.items ?? []).map((item) => ({
      value: item.id,
      label: item.name,
    }));
  if (kind === "category_id")
    return (categories.data?.items ?? []).map((item) => ({
      value: item.id,
      label: item.name,
    }));
  if (kind === "product_id")
    return (products.data?.items ?? []).map((item) => ({
      value: item.id,
      label: `${item.name} (${item.sku})`,
    }));
  return null;
}

/** One filter: what it looks at (brand, category, product, SKU or a specification) and the accepted value. */
function EntryRow({
  entry,
  index,
  onChange,
  onRemove,
}: {
  entry: Entry;
  index: number;
  onChange: (entry: Entry) => void;
  onRemove: () => void;
}) {
  const t = useTranslations("discounts");
  const id = useId();
  const kind = kindOf(entry.key);
  const choices = useChoices(kind);
  const specification = kind === "specification" ? entry.key.slice(SPECIFICATION_PREFIX.length) : "";
  return (
    <div
      role="group"
      aria-label={t("criteria.entry", { index: index + 1 })}
      className="grid items-end gap-2 sm:grid-cols-[10rem_1fr_1fr_auto]"
    >
      <div className="grid gap-1">
        <Label htmlFor={`${id}-kind`}>{t("fields.key")}</Label>
        <Select
          value={kind}
          onValueChange={(value) =>
            onChange({
              key: value === "specification" ? SPECIFICATION_PREFIX : value,
              values: [],
            })
          }
        >
          <SelectTrigger id={`${id}-kind`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {KINDS.map((value) => (
              <SelectItem key={value} value={value}>
                {t(`keys.${value}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {kind === "specification" ? (
        <div className="grid gap-1">
          <Label htmlFor={`${id}-spec`}>{t("criteria.specificationName")}</Label>
          <Input
            id={`${id}-spec`}
            value={specification}
            maxLength={100}
            onChange={(event) =>
              onChange({
                ...entry,
                key: `${SPECIFICATION_PREFIX}${event.target.value}`,
              })
            }
          />
        </div>
      ) : (
        <span aria-hidden />
      )}
      <div className="grid gap-1">
        <Label htmlFor={`${id}-value`}>{t("fields.values")}</Label>
        {choices ? (
          <Select value={entry.values[0] ?? ""} onValueChange={(value) => onChange({ ...entry, values: [value] })}>
            <SelectTrigger id={`${id}-value`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {choices.map((choice) => (
                <SelectItem key={choice.value} value={choice.value}>
                  {choice.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : (
          <Input
            id={`${id}-value`}
            value={entry.values[0] ?? ""}
            maxLength={200}
            onChange={(event) =>
              onChange({
                ...entry,
                values: event.target.value ? [event.target.value] : [],
              })
            }
          />
        )}
      </div>
      <Button variant="ghost" size="sm" aria-label={t("criteria.removeEntry", { index: index + 1 })} onClick={onRemove}>
        <Trash2Icon aria-hidden />
      </Button>
    </div>
  );
}

/** A criteria's filters, and how many products of the catalog match them all. */
function CriteriaEntries({ control, index }: { control: Control<DiscountWrite, unknown, DiscountWriteOutput>; index: number }) {
  const t = useTranslations("discounts");
  const { field, fieldState } = useController({
    control,
    name: `criteria.${index}.config`,
  });
  const entries: Entry[] = Array.isArray(field.value) ? field.value : [];
  const complete = entries.filter((entry) => entry.values.length > 0 && entry.key !== SPECIFICATION_PREFIX);
  const preview = trpc.discounts.previewCriteria.useQuery({ config: complete }, { enabled: complete.length > 0 });
  const set = (next: Entry[]) => field.onChange(next);
  return (
    <div className="grid gap-2">
      {entries.map((entry, at) => (
        <EntryRow
          key={at}
          entry={entry}
          index={at}
          onChange={(changed) => set(entries.map((other, position) => (position === at ? changed : other)))}
          onRemove={() => set(entries.filter((_, position) => position !== at))}
        />
      ))}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="outline" size="sm" onClick={() => set([...entries, { key: "brand_id", values: [] }])}>
          <PlusIcon aria-hidden />
          {t("criteria.addEntry")}
        </Button>
        {preview.data && (
          <p role="status" className="text-sm text-muted-foreground">
            {t("criteria.matching", { count: preview.data.products_quantity })}
          </p>
        )}
      </div>
      {fieldState.error && <p className="text-sm text-destructive">{fieldState.error.message ?? fieldState.error.root?.message}</p>}
    </div>
  );
}

/** The discount's criteria: each a set of filters a product must all match. */
export function CriteriaBuilder({ control }: { control: Control<DiscountWrite, unknown, DiscountWriteOutput> }) {
  const t = useTranslations("discounts");
  const common = useTranslations("common");
  const { fields, append, remove } = useFieldArray({
    control,
    name: "criteria",
    keyName: "key",
  });
  return (
    <section aria-labelledby="discount-criteria" className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="discount-criteria" className="text-sm font-medium">
          {t("fields.criteria")}
        </h2>
        <Button variant="outline" size="sm" onClick={() => append({ name: "", config: [{ key: "brand_id", values: [] }] })}>
          <PlusIcon aria-hidden />
          {t("criteria.add")}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{fields.length === 0 ? t("criteria.empty") : t("criteria.description")}</p>
      {fields.map((item, index) => (
        <fieldset key={item.key} className="grid gap-3 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">{t("criteria.item", { index: index + 1 })}</legend>
          <CriteriaEntries control={control} index={index} />
          <div>
            <Button variant="ghost" size="sm" aria-label={t("criteria.remove", { index: index + 1 })} onClick={() => remove(index)}>
              <Trash2Icon aria-hidden />
              {common("remove")}
            </Button>
          </div>
        </fieldset>
      ))}
    </section>
  );
}
