"use client";

import { PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useController, type FieldPath, type FieldValues } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DateInput, useDateErrorMessage } from "@/components/ui/date-input";
import { DecimalInput, useParseErrorMessage } from "@/components/ui/decimal-input";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import type { DateParseError } from "@/lib/dates";
import type { ParseError } from "@/lib/numbers";
import { trpc } from "@/lib/trpc";
import type { AttributeEntity } from "@/server/settings/entity-attributes/schemas";
import { CustomFields } from "./custom-fields";
import type { BoundFieldProps } from "./fields";
import { useLocalCheck } from "./local-checks";
import { fieldMessage } from "./server-errors";

export type AttributeType = "text" | "number" | "boolean" | "date";

/** Decimals a free-form number may have. */
const NUMBER_DECIMALS = 6;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Row {
  id: number;
  key: string;
  /** "structured": an object or list written through the API, kept as it is. */
  type: AttributeType | "structured";
  text: string;
  number: number | null;
  parseError: ParseError | null;
  /** Why a date's text is not a date. */
  dateError: DateParseError | null;
  checked: boolean;
  original?: unknown;
}

const blank = (id: number, type: AttributeType = "text"): Row => ({
  id,
  key: "",
  type,
  text: "",
  number: null,
  parseError: null,
  dateError: null,
  checked: false,
});

function toRow(id: number, key: string, value: unknown): Row {
  const row = { ...blank(id), key };
  if (typeof value === "boolean") return { ...row, type: "boolean", checked: value };
  if (typeof value === "number") return { ...row, type: "number", number: value };
  if (typeof value === "string") return { ...row, type: ISO_DATE.test(value) ? "date" : "text", text: value };
  return { ...row, type: "structured", original: value };
}

function valueOf(row: Row): unknown {
  switch (row.type) {
    case "number":
      return row.number;
    case "boolean":
      return row.checked;
    case "structured":
      return row.original;
    default:
      return row.text;
  }
}

const isEmpty = (row: Row) =>
  row.key.trim() === "" &&
  row.text === "" &&
  row.number === null &&
  !row.parseError &&
  !row.dateError &&
  !row.checked &&
  row.type !== "structured";

/**
 * The `attributes` object (interface convention 5) as typed rows: a name, a type (text,
 * number, yes/no, date) and a value of that type; rows are added and removed, names are
 * unique. With `entity`, the custom fields an admin defined for it (/entity-attributes)
 * come first as their own typed inputs (CustomFields) and their keys stay out of the rows.
 * Objects or lists written through the API are kept untouched and shown as such, never as
 * raw JSON. The form does not save while a row is wrong (ResourceForm's local checks).
 */
export function AttributesField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  className,
  entity,
  types = ["text", "number", "boolean", "date"],
}: Omit<BoundFieldProps<T>, "label" | "name"> & {
  name: FieldPath<T>;
  label?: string;
  entity?: AttributeEntity;
  /** The value types offered (provider settings take text only). */
  types?: readonly AttributeType[];
}) {
  const t = useTranslations("form.attributes");
  const parseMessage = useParseErrorMessage();
  const dateMessage = useDateErrorMessage();
  const id = useId();
  const title = label ?? t("label");
  const { field, fieldState } = useController({ control, name });
  const definitions = trpc.entityAttributes.list.useQuery(
    { entity: entity ?? "brand", active: true, perPage: 100, sort: "created_at" },
    { enabled: Boolean(entity), staleTime: 60_000 },
  );
  const reservedKeys = definitions.data?.items.map((definition) => definition.key).join("\n") ?? "";
  const reserved = useMemo(() => new Set(reservedKeys ? reservedKeys.split("\n") : []), [reservedKeys]);
  const nextId = useRef(0);
  // The custom fields' keys have typed inputs of their own, never a row: whether their
  // definitions are already known at the first render (cached, as right after creating the
  // record) or arrive later.
  const [rows, setRows] = useState<Row[]>(() =>
    Object.entries((field.value ?? {}) as Record<string, unknown>)
      .filter(([key]) => !reserved.has(key))
      .map(([key, value]) => toRow(nextId.current++, key, value)),
  );
  // Definitions arriving after the first render move their keys from the rows to the typed
  // inputs (state adjusted while rendering, as React advises, not in an effect).
  const [placed, setPlaced] = useState(reserved);
  if (placed !== reserved) {
    setPlaced(reserved);
    setRows((current) => current.filter((row) => !reserved.has(row.key.trim())));
  }

  const problems = rows.map((row, index) => {
    const key = row.key.trim();
    if (isEmpty(row)) return undefined;
    if (key === "") return t("nameRequired");
    if (reserved.has(key) || rows.some((other, at) => at < index && other.key.trim() === key)) return t("duplicate", { name: key });
    if (row.type === "number" && row.parseError) return parseMessage(row.parseError, NUMBER_DECIMALS);
    if (row.type === "date" && row.dateError) return dateMessage(row.dateError);
    return undefined;
  });
  useLocalCheck(problems.every((problem) => problem === undefined));

  // Edits change the rows; the form's value follows them (typed custom fields left as they are).
  const edited = useRef(false);
  const change = (next: (current: Row[]) => Row[]) => {
    edited.current = true;
    setRows(next);
  };
  useEffect(() => {
    if (!edited.current) return;
    const current = (field.value ?? {}) as Record<string, unknown>;
    const typed = Object.fromEntries(Object.entries(current).filter(([key]) => reserved.has(key)));
    const free = Object.fromEntries(
      rows.filter((row) => !isEmpty(row) && row.key.trim() !== "").map((row) => [row.key.trim(), valueOf(row)]),
    );
    field.onChange({ ...free, ...typed });
    // Only edits of the rows write the value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);
  const update = (rowId: number, patch: Partial<Row>) =>
    change((current) => current.map((row) => (row.id === rowId ? { ...row, ...patch } : row)));
  const error = fieldMessage(title, fieldState.error?.message ?? fieldState.error?.root?.message);

  return (
    <div className={className ? `grid gap-4 ${className}` : "grid gap-4"}>
      {entity && <CustomFields control={control} entity={entity} name={name} />}
      <div role="group" aria-labelledby={`${id}-label`}>
        <div className="mb-2 flex items-center justify-between gap-2">
          <span id={`${id}-label`} className="text-sm font-medium">
            {title}
          </span>
          <Button variant="outline" size="sm" onClick={() => change((current) => [...current, blank(nextId.current++, types[0])])}>
            <PlusIcon aria-hidden />
            {t("add")}
          </Button>
        </div>
        {description && <p className="mb-2 text-xs text-muted-foreground">{description}</p>}
        {rows.length === 0 ? (
          <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">{t("empty")}</p>
        ) : (
          <ul className="grid gap-2">
            {rows.map((row, index) => {
              const position = index + 1;
              const problem = problems[index];
              const errorId = `${id}-${row.id}-error`;
              const invalid = problem ? true : undefined;
              return (
                <li key={row.id} className="grid gap-1">
                  <div
                    className={`grid items-start gap-2 ${types.length > 1 ? "sm:grid-cols-[1fr_9rem_1fr_auto]" : "sm:grid-cols-[1fr_1fr_auto]"} grid-cols-[1fr_auto]`}
                  >
                    <Input
                      aria-label={t("nameOf", { index: position })}
                      placeholder={t("name")}
                      value={row.key}
                      autoComplete="off"
                      aria-invalid={invalid}
                      aria-describedby={problem ? errorId : undefined}
                      onChange={(event) => update(row.id, { key: event.target.value })}
                      onBlur={field.onBlur}
                    />
                    {types.length > 1 && row.type !== "structured" && (
                      <Select
                        value={row.type}
                        onValueChange={(type) => update(row.id, { ...blank(row.id, type as AttributeType), key: row.key })}
                      >
                        <SelectTrigger aria-label={t("typeOf", { index: position })} className="col-start-1 sm:col-start-auto">
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {types.map((type) => (
                            <SelectItem key={type} value={type}>
                              {t(`types.${type}`)}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                    <div className="col-start-1 sm:col-start-auto">
                      <AttributeValue row={row} position={position} onChange={(patch) => update(row.id, patch)} onBlur={field.onBlur} />
                    </div>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="col-start-2 row-start-1 sm:col-start-auto"
                      aria-label={t("removeOf", { index: position })}
                      onClick={() => change((current) => current.filter((item) => item.id !== row.id))}
                    >
                      <Trash2Icon aria-hidden />
                    </Button>
                  </div>
                  {problem && (
                    <p id={errorId} className="text-sm text-destructive">
                      {fieldMessage(row.key.trim() || t("nameOf", { index: position }), problem)}
                    </p>
                  )}
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

function AttributeValue({
  row,
  position,
  onChange,
  onBlur,
}: {
  row: Row;
  position: number;
  onChange: (patch: Partial<Row>) => void;
  onBlur: () => void;
}) {
  const t = useTranslations("form.attributes");
  const yesNo = useTranslations("common");
  const common = { "aria-label": t("valueOf", { index: position }), onBlur };
  switch (row.type) {
    case "number":
      return (
        <DecimalInput
          {...common}
          value={row.number}
          decimals={NUMBER_DECIMALS}
          aria-invalid={row.parseError ? true : undefined}
          onValueChange={(number) => onChange({ number: number !== null && Number.isNaN(number) ? row.number : number })}
          onParseErrorChange={(parseError) => onChange({ parseError })}
        />
      );
    case "boolean":
      return (
        <label className="flex h-9 items-center gap-2 text-sm">
          <Switch {...common} checked={row.checked} onCheckedChange={(checked) => onChange({ checked })} />
          {row.checked ? yesNo("yes") : yesNo("no")}
        </label>
      );
    case "date":
      return (
        <DateInput
          {...common}
          value={row.text}
          aria-invalid={row.dateError ? true : undefined}
          onValueChange={(text) => onChange({ text })}
          onParseErrorChange={(dateError) => onChange({ dateError })}
        />
      );
    case "structured":
      return <p className="flex h-9 items-center text-sm text-muted-foreground italic">{t("structured")}</p>;
    default:
      return (
        <Input
          {...common}
          value={row.text}
          autoComplete="off"
          placeholder={t("value")}
          onChange={(event) => onChange({ text: event.target.value })}
        />
      );
  }
}
