"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useController, type Control, type FieldValues } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { DateInput, useDateErrorMessage } from "@/components/ui/date-input";
import { DecimalInput, useParseErrorMessage } from "@/components/ui/decimal-input";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import type { DateParseError } from "@/lib/dates";
import type { ParseError } from "@/lib/numbers";
import { trpc } from "@/lib/trpc";
import type { AttributeEntity, EntityAttribute } from "@/server/settings/entity-attributes/schemas";
import { useLocalCheck } from "./local-checks";
import { fieldMessage } from "./server-errors";

const NONE = "__none__";
/** Decimals a custom number field takes. */
const NUMBER_DECIMALS = 6;

export interface CustomFieldsProps<T extends FieldValues> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context and output
  control: Control<T, any, any>;
  /** Whose definitions to load (`entity` of /entity-attributes), e.g. "partner". */
  entity: AttributeEntity;
  /** The form's free-form map the values live in. */
  name?: string;
}

/**
 * The custom fields an admin defined for an entity (/entity-attributes), as typed inputs
 * bound to `attributes.<key>` of the form: text, number, checkbox, date or select. The
 * server checks the values on save (a missing required key or a wrong type is 422 on
 * `attributes.<key>`), and ResourceForm shows those errors under the input. Keys the
 * definitions do not name are left in the map untouched.
 */
export function CustomFields<T extends FieldValues>({ control, entity, name = "attributes" }: CustomFieldsProps<T>) {
  const t = useTranslations("form");
  const definitions = trpc.entityAttributes.list.useQuery(
    { entity, active: true, perPage: 100, sort: "created_at" },
    { staleTime: 60_000 },
  );
  if (definitions.isPending) return <Skeleton className="h-9 w-full" aria-label={t("loadingCustomFields")} />;
  const items = definitions.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <fieldset className="grid gap-4 rounded-md border p-4" data-testid={`custom-fields-${entity}`}>
      <legend className="px-1 text-sm font-medium">{t("customFields")}</legend>
      {items.map((definition) => (
        <CustomField key={definition.id} control={control} name={`${name}.${definition.key}`} definition={definition} />
      ))}
    </fieldset>
  );
}

function CustomField<T extends FieldValues>({
  control,
  name,
  definition,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context and output
  control: Control<T, any, any>;
  name: string;
  definition: EntityAttribute;
}) {
  const t = useTranslations("common");
  const { field, fieldState } = useController({ control, name: name as never });
  const [parseError, setParseError] = useState<ParseError | null>(null);
  const [dateError, setDateError] = useState<DateParseError | null>(null);
  const parseMessage = useParseErrorMessage();
  const dateMessage = useDateErrorMessage();
  const label = definition.label;
  // attributes is a free map to the schema: a number's or a date's own text is checked here.
  useLocalCheck(parseError === null && dateError === null);
  const error = fieldMessage(label, parseMessage(parseError, NUMBER_DECIMALS) ?? dateMessage(dateError) ?? fieldState.error?.message);
  const value: unknown = field.value;
  const common = { label, required: definition.required, error };

  switch (definition.type) {
    case "BOOLEAN":
      return (
        <Field {...common} orientation="horizontal">
          <Checkbox
            name={field.name}
            ref={field.ref}
            checked={value === true}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
          />
        </Field>
      );
    case "NUMBER":
      return (
        <Field {...common}>
          <DecimalInput
            decimals={NUMBER_DECIMALS}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={typeof value === "number" ? value : null}
            onValueChange={(number) => field.onChange(number === null ? undefined : number)}
            onParseErrorChange={setParseError}
          />
        </Field>
      );
    case "DATE":
      return (
        <Field {...common}>
          <DateInput
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={typeof value === "string" ? value.slice(0, 10) : ""}
            onValueChange={(day) => field.onChange(day || undefined)}
            onParseErrorChange={setDateError}
          />
        </Field>
      );
    case "SELECT": {
      // A stored value that is no longer an option stays visible until changed.
      const options =
        typeof value === "string" && value !== "" && !definition.options.includes(value)
          ? [...definition.options, value]
          : definition.options;
      return (
        <Select
          name={field.name}
          value={typeof value === "string" && value !== "" ? value : NONE}
          onValueChange={(next) => field.onChange(next === NONE ? undefined : next)}
        >
          <Field {...common}>
            <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
              <SelectValue />
            </SelectTrigger>
          </Field>
          <SelectContent>
            <SelectItem value={NONE}>{definition.required ? t("choose") : "—"}</SelectItem>
            {options.map((option) => (
              <SelectItem key={option} value={option}>
                {option}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      );
    }
    default:
      return (
        <Field {...common}>
          <Input
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            autoComplete="off"
            value={typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value)}
            onChange={(event) => field.onChange(event.target.value === "" ? undefined : event.target.value)}
          />
        </Field>
      );
  }
}
