import { z } from "zod";

/**
 * Field schemas shared by the parties (companies, sellers, partners) and users.
 * Isomorphic: the panel's forms use them through the resources' schemas.
 */

/** Optional free text: empty, null or absent is stored as null. */
export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

const emailFormat = z.email({ message: "must be a valid email" });
/** What the document states of an email: its format and the very pattern the server checks. */
const emailDocument = { format: "email", pattern: z.regexes.email.source };

/** A required email, trimmed and lower-cased. */
export const requiredEmail = z
  .string({ message: "is required" })
  .trim()
  .toLowerCase()
  .min(1, "is required")
  .max(320)
  .meta({ override: emailDocument })
  .pipe(emailFormat);

/** An optional email: empty, null or absent is null. */
export const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(320)
  .meta({ override: emailDocument })
  .nullish()
  .transform((value) => value || null)
  .pipe(emailFormat.nullable());

/** An optional id of another record of the org: empty, null or absent is null. */
export const optionalReference = z
  .union([z.literal(""), z.uuid({ message: "must be a UUID" })])
  .nullish()
  .transform((value) => value || null);

/** An Inscrição Estadual as written (2 to 14 digits with dots, dashes or slashes), or ISENTO. */
const STATE_REGISTRATION = /^(?:ISENTO|(?=(?:[^\d]*\d){2,14}[^\d]*$)\d[\d./-]*\d)$/i;

/**
 * A partner's Inscrição Estadual: the state's number as written, or "ISENTO" for an
 * exempt taxpayer (any case, stored upper-case); empty, null or absent is null.
 */
export const stateRegistration = z
  .string()
  .trim()
  .max(20)
  .regex(STATE_REGISTRATION, "must be the Inscrição Estadual (2 to 14 digits) or ISENTO")
  .meta({ override: { pattern: STATE_REGISTRATION.source.replace("(?:ISENTO|", "(?:[Ii][Ss][Ee][Nn][Tt][Oo]|") } })
  .or(z.literal(""))
  .nullish()
  // Absent: kept as stored (it is beyond the interface: a PUT in the interface's fields never wipes it).
  .transform((value) => (value === undefined ? undefined : value ? (/^isento$/i.test(value) ? "ISENTO" : value) : null));
