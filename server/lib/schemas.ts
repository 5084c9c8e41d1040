import { z } from "zod";

/** Free-form custom fields (interface convention 5); checked against entity attributes. */
export const attributes = z.record(z.string(), z.unknown());

/** A name-like required text. */
export const requiredText = (max = 200) => z.string().trim().min(1, "is required").max(max);

export const uuid = z.uuid({ message: "must be a UUID" });

/** The id a client may choose on create (interface: "id (O on create)"). */
export const clientId = uuid.optional();
