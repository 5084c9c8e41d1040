"use client";

import { PlusIcon, Trash2Icon } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { useController, type FieldPath, type FieldValues } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { trpc } from "@/lib/trpc";
import type { AttributeEntity } from "@/server/settings/entity-attributes/schemas";
import { CustomFields } from "./custom-fields";
import type { BoundFieldProps } from "./fields";
import { fieldMessage } from "./server-errors";

type Row = { key: string; value: string; original?: unknown };

function toRows(attributes: Record<string, unknown> | undefined, reserved: ReadonlySet<string> = new Set()): Row[] {
  return Object.entries(attributes ?? {})
    .filter(([key]) => !reserved.has(key))
    .map(([key, value]) => ({
    key,
    value: typeof value === "string" ? value : JSON.stringify(value),
    original: value,
  }));
}

/** Rows back to the object; a value left as it was keeps its type (number, object...). */
function toAttributes(rows: Row[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (!key) continue;
    const unchanged = row.original !== undefined && (typeof row.original === "string" ? row.original : JSON.stringify(row.original)) === row.value;
    result[key] = unchanged ? row.original : row.value;
  }
  return result;
}

/**
 * The `attributes` object (interface convention 5). With `entity`, the custom fields an
 * admin defined for it (/entity-attributes) come first as typed inputs (CustomFields);
 * every other key is a free-form key/value row. New and edited free-form values are
 * saved as text; untouched ones keep their JSON type.
 */
export function AttributesField<T extends FieldValues>({
  control,
  name,
  label = "Attributes",
  description,
  className,
  entity,
}: Omit<BoundFieldProps<T>, "label" | "name"> & { name: FieldPath<T>; label?: string; entity?: AttributeEntity }) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const definitions = trpc.entityAttributes.list.useQuery(
    { entity: entity ?? "brand", active: true, perPage: 100, sort: "created_at" },
    { enabled: Boolean(entity), staleTime: 60_000 },
  );
  const reservedKeys = definitions.data?.items.map((definition) => definition.key).join("\n") ?? "";
  const reserved = useMemo(() => new Set(reservedKeys ? reservedKeys.split("\n") : []), [reservedKeys]);
  const [rows, setRows] = useState<Row[]>(() => toRows(field.value as Record<string, unknown> | undefined, reserved));
  // Definitions arrive after the first render: their keys move from the rows to the typed inputs.
  useEffect(() => setRows((current) => current.filter((row) => !reserved.has(row.key.trim()))), [reserved]);
  const change = (next: Row[]) => {
    setRows(next);
    const current = (field.value ?? {}) as Record<string, unknown>;
    const typed = Object.fromEntries(Object.entries(current).filter(([key]) => reserved.has(key)));
    field.onChange({ ...typed, ...toAttributes(next.filter((row) => !reserved.has(row.key.trim()))) });
  };
  const keys = rows.map((row) => row.key.trim());
  const error = fieldMessage(label, fieldState.error?.message ?? fieldState.error?.root?.message);
  return (
    <div className={className ? `grid gap-4 ${className}` : "grid gap-4"}>
    {entity && <CustomFields control={control} entity={entity} name={name} />}
    <div role="group" aria-labelledby={`${id}-label`}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium">
          {label}
        </span>
        <Button variant="outline" size="sm" onClick={() => change([...rows, { key: "", value: "" }])}>
          <PlusIcon aria-hidden />
          Add attribute
        </Button>
      </div>
      {description && <p className="mb-2 text-xs text-muted-foreground">{description}</p>}
      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">No attributes.</p>
      ) : (
        <ul className="grid gap-2">
          {rows.map((row, index) => {
            const duplicate = row.key.trim() !== "" && keys.indexOf(row.key.trim()) !== index;
            return (
              <li key={index} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
                <div>
                  <Input
                    aria-label={`Attribute ${index + 1} name`}
                    placeholder="Name"
                    value={row.key}
                    aria-invalid={duplicate || undefined}
                    onChange={(event) => change(rows.map((item, at) => (at === index ? { ...item, key: event.target.value } : item)))}
                    onBlur={field.onBlur}
                  />
                  {duplicate && <p className="mt-1 text-xs text-destructive">Repeated name: only the last one is kept.</p>}
                </div>
                <Input
                  aria-label={`Attribute ${index + 1} value`}
                  placeholder="Value"
                  value={row.value}
                  onChange={(event) => change(rows.map((item, at) => (at === index ? { ...item, value: event.target.value, original: undefined } : item)))}
                  onBlur={field.onBlur}
                />
                <Button variant="ghost" size="icon" aria-label={`Remove attribute ${index + 1}`} onClick={() => change(rows.filter((_, at) => at !== index))}>
                  <Trash2Icon aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {error && <p className="mt-2 text-sm text-destructive">{error}</p>}
    </div>
    </div>
  );
}
