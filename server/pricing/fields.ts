import { z } from "zod";
import { type FieldError } from "../errors";
import { decimalPlaces } from "../lib/money";
import { attributes, uuid } from "../lib/schemas";

/**
 * Field schemas shared by price tables, discounts and the price calculation.
 * Isomorphic: the panel's forms use them through the resources' schemas.
 */

/** A database date as `YYYY-MM-DD`. */
export function dateOf(value: Date): string {
  return value.toISOString().slice(0, 10);
}
export const dateOrNull = (value: Date | null) => (value ? dateOf(value) : null);
/** A `YYYY-MM-DD` as the database date. */
export const asDate = (value: string) => new Date(`${value}T00:00:00Z`);

/** A rate or amount of a criteria or range: finite, not negative, at most 4 decimals. */
export const rateValue = z
  .number({ message: "must be a number" })
  .finite("must be a finite number")
  .min(0, "must not be negative")
  .max(1_000_000_000, "is too large")
  .refine((value) => decimalPlaces(value) <= 4, {
    message: "must have at most 4 decimal places",
    params: { maximumDecimals: 4 },
  })
  .meta({ override: { multipleOf: 0.0001 } });

/** A quantity: finite, not negative, at most 4 decimals. */
export const quantityValue = z
  .number({ message: "must be a number" })
  .finite("must be a finite number")
  .min(0, "must not be negative")
  .max(1_000_000_000, "is too large")
  .refine((value) => decimalPlaces(value) <= 4, {
    message: "must have at most 4 decimal places",
    params: { maximumDecimals: 4 },
  })
  .meta({ override: { multipleOf: 0.0001 } });

/** The four kinds of records a price table or discount may be specific to. */
export const TARGET_KINDS = [
  {
    list: "partners",
    field: "partner_id",
    nameField: "partner_name",
    flag: "partner",
    noun: "partner",
  },
  {
    list: "profiles",
    field: "profile_id",
    nameField: "profile_name",
    flag: "profile",
    noun: "profile",
  },
  {
    list: "companies",
    field: "company_id",
    nameField: "company_name",
    flag: "company",
    noun: "company",
  },
  {
    list: "payment_methods",
    field: "payment_method_id",
    nameField: "payment_method_name",
    flag: "payment_method",
    noun: "payment method",
  },
] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

const distinct = (ids: string[]) => new Set(ids).size === ids.length;
const targetAttributes = attributes.default({});
const listOf = <Item extends z.ZodType>(item: Item, idOf: (entry: z.output<Item>) => string) =>
  z
    .array(item)
    .max(5000, "at most 5000")
    .default([])
    .refine((items) => distinct(items.map(idOf)), "lists a record twice");

/** `partners`, `profiles`, `companies`, `payment_methods` of a write (interface: "id, partner_id, attributes"). */
export const targetsWrite = {
  partners: listOf(
    z.object({
      id: uuid.optional(),
      partner_id: uuid,
      attributes: targetAttributes,
    }),
    (entry) => entry.partner_id,
  ),
  profiles: listOf(
    z.object({
      id: uuid.optional(),
      profile_id: uuid,
      attributes: targetAttributes,
    }),
    (entry) => entry.profile_id,
  ),
  companies: listOf(
    z.object({
      id: uuid.optional(),
      company_id: uuid,
      attributes: targetAttributes,
    }),
    (entry) => entry.company_id,
  ),
  payment_methods: listOf(
    z.object({
      id: uuid.optional(),
      payment_method_id: uuid,
      attributes: targetAttributes,
    }),
    (entry) => entry.payment_method_id,
  ),
};

const readAttributes = z.record(z.string(), z.unknown());

/** The lists as answered, each record with its name. */
export const targetsRead = {
  partners: z.array(
    z.object({
      id: z.string(),
      partner_id: z.string(),
      partner_name: z.string(),
      attributes: readAttributes,
    }),
  ),
  profiles: z.array(
    z.object({
      id: z.string(),
      profile_id: z.string(),
      profile_name: z.string(),
      attributes: readAttributes,
    }),
  ),
  companies: z.array(
    z.object({
      id: z.string(),
      company_id: z.string(),
      company_name: z.string(),
      attributes: readAttributes,
    }),
  ),
  payment_methods: z.array(
    z.object({
      id: z.string(),
      payment_method_id: z.string(),
      payment_method_name: z.string(),
      attributes: readAttributes,
    }),
  ),
};

type ReadTargets = { [List in keyof typeof targetsRead]: z.output<(typeof targetsRead)[List]> };

/** The four lists of a read record as a write takes them (an edit form's values): ids and attributes, no names. */
export function targetsWriteOf(record: ReadTargets) {
  return {
    partners: record.partners.map(({ id, partner_id, attributes }) => ({ id, partner_id, attributes })),
    profiles: record.profiles.map(({ id, profile_id, attributes }) => ({ id, profile_id, attributes })),
    companies: record.companies.map(({ id, company_id, attributes }) => ({ id, company_id, attributes })),
    payment_methods: record.payment_methods.map(({ id, payment_method_id, attributes }) => ({ id, payment_method_id, attributes })),
  };
}

/**
 * The same rule as `flagTargetErrors`, stated in the document (JSON Schema `if`/`then`): a
 * flag that is true requires its list, with at least one record.
 */
export function flagTargetsDocument(flagFields: Record<TargetKind["flag"], string>) {
  return {
    allOf: TARGET_KINDS.map((kind) => ({
      if: { properties: { [flagFields[kind.flag]]: { const: true } }, required: [flagFields[kind.flag]] },
      then: { properties: { [kind.list]: { minItems: 1 } }, required: [kind.list] },
    })),
  };
}

/** A flag set without any record to match is a table or discount for nobody: 422. */
export function flagTargetErrors(input: Record<string, unknown>, flagFields: Record<TargetKind["flag"], string>): FieldError[] {
  return TARGET_KINDS.flatMap((kind) =>
    input[flagFields[kind.flag]] === true && (input[kind.list] as unknown[] | undefined)?.length === 0
      ? [
          {
            path: kind.list,
            message: `must name at least one ${kind.noun} when ${flagFields[kind.flag]} is true`,
            code: "required",
            params: { flag: flagFields[kind.flag] },
          },
        ]
      : [],
  );
}
