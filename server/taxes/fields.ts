import { z } from "zod";
import { decimalPlaces } from "../lib/money";
import { ufOf, UFS, type Uf } from "./states";

/**
 * The fiscal fields of contract §12, one schema each, shared by products, companies,
 * partners, tax rules and the UF table (REST, tRPC and the panel's forms).
 */

const percentage = (upTo: "100" | "below 100") => {
  const number = z.number({ message: "must be a number" }).finite("must be a finite number").min(0, "must not be negative");
  return (upTo === "100" ? number.max(100, "must be at most 100") : number.lt(100, "must be less than 100"))
    .refine((value) => decimalPlaces(value) <= 4, { message: "must have at most 4 decimal places", params: { maximumDecimals: 4 } })
    .meta({ override: { multipleOf: 0.0001 } });
};

/** A percentage: 0 to 100, at most 4 decimals. */
export const taxRate = percentage("100");

/**
 * An internal ICMS rate (a UF's, a rule's for ST): below 100 %, at most 4 decimals. ST's
 * adjusted MVA and DIFAL's double base divide by 100 − the rate: at 100 % or more there is
 * no base (no state's rate comes near: the highest are below 35 % with their FCP).
 */
export const internalRate = percentage("below 100");

/** A UF's two letters, upper case. */
export const ufField = z.enum(UFS, { message: "must be a UF (two letters, e.g. SP)" });

/** Digits typed with dots, dashes or spaces between them, as staff type codes ("8467.21.00", "28.038.00"). */
const codeOf = (digits: number, example: string) =>
  z
    .string({ message: `must be ${digits} digits (e.g. ${example})` })
    .trim()
    .max(20)
    .meta({ override: { type: "string", pattern: `^[\\s.-]*(\\d[\\s.-]*){${digits}}$`, maxLength: 20 } })
    .transform((value) => value.replace(/[\s.-]/g, ""))
    .refine((value) => new RegExp(`^\\d{${digits}}$`).test(value), `must be ${digits} digits (e.g. ${example})`);

/** CEST: 7 digits ("28.038.00"). */
export const cestField = codeOf(7, "28.038.00");

/** The NF-e's `orig`: 0 national … 8 national with import content over 70 %. */
export const originField = z
  .number({ message: "must be a whole number from 0 to 8" })
  .int("must be a whole number from 0 to 8")
  .min(0, "must be a whole number from 0 to 8")
  .max(8, "must be a whole number from 0 to 8");

export const CRTS = [1, 2, 3, 4] as const;
/** 1 Simples Nacional, 2 SN above the sub-limit, 3 normal regime, 4 MEI. */
export const crtField = z.union(
  CRTS.map((crt) => z.literal(crt)),
  { message: "must be 1 (Simples Nacional), 2 (SN above the sub-limit), 3 (normal regime) or 4 (MEI)" },
);

export const PIS_COFINS_REGIMES = ["CUMULATIVE", "NON_CUMULATIVE", "NONE"] as const;
export const pisCofinsRegimeField = z.enum(PIS_COFINS_REGIMES, { message: "must be CUMULATIVE, NON_CUMULATIVE or NONE" });

export const IE_INDICATORS = [1, 2, 9] as const;
/** 1 contributor, 2 exempt (ISENTO), 9 non-contributor. */
export const ieIndicatorField = z.union(
  IE_INDICATORS.map((value) => z.literal(value)),
  { message: "must be 1 (contributor), 2 (exempt) or 9 (non-contributor)" },
);

/** The IE indicator a State Registration implies: a number 1, ISENTO 2, none 9. */
export function ieIndicatorOf(stateRegistration: string | null | undefined): 1 | 2 | 9 {
  if (!stateRegistration?.trim()) return 9;
  return stateRegistration.trim().toUpperCase() === "ISENTO" ? 2 : 1;
}

/** A partner's IE indicator and final consumer as the taxes read them: as set, else from its State Registration. */
export function partnerFiscalOf(partner: {
  ie_indicator: number | null;
  final_consumer: boolean | null;
  state_registration: string | null;
}): { ie_indicator: 1 | 2 | 9; final_consumer: boolean } {
  const stored = partner.ie_indicator;
  const ie_indicator = stored === 1 || stored === 2 || stored === 9 ? stored : ieIndicatorOf(partner.state_registration);
  return { ie_indicator, final_consumer: partner.final_consumer ?? ie_indicator === 9 };
}

/** The UF of a partner's default address (else its first), as the taxes read it: the destination when no shipment names one. */
export function addressUf(addresses: unknown): Uf | null {
  const list = Array.isArray(addresses) ? (addresses as Array<{ state?: string | null; is_default?: boolean }>) : [];
  const main = list.find((address) => address.is_default) ?? list[0];
  return ufOf(main?.state);
}

/** CFOP: 4 digits of an exit (5 within the state, 6 to another, 7 abroad). */
export const cfopField = z
  .string({ message: "must be a CFOP of an exit (4 digits starting 5, 6 or 7)" })
  .trim()
  .regex(/^[567]\d{3}$/, "must be a CFOP of an exit (4 digits starting 5, 6 or 7)");

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

/** The IBGE municipality code (7 digits): the NF-e's cMun (contract §13); empty is none. */
export const cityCodeField = z
  .string()
  .trim()
  .regex(/^(\d{7})?$/, "must be the IBGE municipality code (7 digits)")
  .nullish()
  .transform((value) => value || null);

/**
 * A company's address (contract §12): the UF comes from `state`; `city_code` is the IBGE
 * municipality code. An address with nothing in it is none (null), as the panel's empty
 * form sends it; one with anything in it needs its state.
 */
export const companyAddress = z
  .object({
    street: optionalText(200),
    number: optionalText(20),
    complement: optionalText(120),
    neighborhood: optionalText(120),
    city: optionalText(120),
    city_code: cityCodeField,
    state: z.union([ufField, z.literal("")], { message: "must be a UF (two letters, e.g. SP)" }),
    postal_code: z
      .string()
      .trim()
      .max(20)
      .transform((value) => value.replace(/\D/g, ""))
      .refine((value) => value === "" || /^\d{8}$/.test(value), "must be a CEP of 8 digits")
      .nullish()
      .transform((value) => value || null),
    phone: optionalText(40),
  })
  .transform((address, context) => {
    const { state, ...rest } = address;
    if (!state && Object.values(rest).every((value) => !value)) return null;
    if (!state) {
      context.addIssue({ code: "custom", path: ["state"], message: "is required: the UF is the origin of the taxes" });
      return z.NEVER;
    }
    return { ...rest, state };
  });
export type CompanyAddress = NonNullable<z.output<typeof companyAddress>>;

export const companyAddressOut = z.object({
  street: z.string().nullable(),
  number: z.string().nullable(),
  complement: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string().nullable(),
  city_code: z.string().nullable(),
  state: z.string(),
  postal_code: z.string().nullable(),
  phone: z.string().nullable(),
});
