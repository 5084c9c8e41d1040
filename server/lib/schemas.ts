import { z } from "zod";

export const MAX_ATTRIBUTE_KEYS = 200;
const MAX_ATTRIBUTES_BYTES = 64 * 1024;

/**
 * Free-form custom fields (interface convention 5); checked against entity attributes.
 * Bounded like any input: 200 keys of 1 to 100 characters, 64 KiB in all (and, at the
 * edge, 32 levels deep: server/http/input.ts).
 */
export const attributes = z
  .record(z.string().min(1, "keys must not be empty").max(100, "keys have at most 100 characters"), z.unknown())
  .refine((map) => Object.keys(map).length <= MAX_ATTRIBUTE_KEYS, `at most ${MAX_ATTRIBUTE_KEYS} keys`)
  .refine((map) => JSON.stringify(map).length <= MAX_ATTRIBUTES_BYTES, "at most 64 KiB");

/** A name-like required text. */
/** A JSON Schema pattern: holds a character that is not white space (and, as every string, no NUL). */
export const NOT_BLANK_PATTERN = "^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$";

/** A required text: trimmed, not blank (the document states it: a space alone is "is required"). */
export const requiredText = (max = 200) =>
  z
    .string()
    .trim()
    .min(1, "is required")
    .max(max)
    .meta({ override: { pattern: NOT_BLANK_PATTERN } });

export const uuid = z.uuid({ message: "must be a UUID" });

/** The id a client may choose on create (interface: "id (O on create)"). */
export const clientId = uuid.optional();
