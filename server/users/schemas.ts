import { z } from "zod";
import { role } from "../auth/schemas";
import { optionalFiscalNumberField } from "../lib/fiscal-number";
import { pagingInput, queryBoolean } from "../lib/paging";
import { requiredText } from "../lib/schemas";
import { optionalReference, optionalText, requiredEmail } from "../parties/fields";

export const MIN_PASSWORD_LENGTH = 8;

/** Empty means "none given": the server then generates a temporary password. */
const optionalPassword = z
  .string()
  .max(200)
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || value.length >= MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`);

/** Body of POST /users (admin only, contract §2). */
export const userCreate = z.object({
  name: requiredText(120),
  /** Unique across the whole system (login takes an email, not an org); stored lower-case. */
  email: requiredEmail,
  role: role.default("VIEWER"),
  /** 8+ characters; when absent a temporary password is generated and answered once. */
  password: optionalPassword,
  active: z.boolean().default(true),
  seller_id: optionalReference,
  fiscal_registration_number: optionalFiscalNumberField(),
  profile: optionalText(100),
});
export type UserCreate = z.input<typeof userCreate>;
export type UserCreateOutput = z.output<typeof userCreate>;

/** Body of PUT /users/{id}: fields left out keep their value; null clears a nullable one. */
export const userUpdate = z.object({
  name: requiredText(120).optional(),
  email: requiredEmail.optional(),
  role: role.optional(),
  active: z.boolean().optional(),
  seller_id: optionalReference.optional(),
  fiscal_registration_number: optionalFiscalNumberField().optional(),
  profile: optionalText(100).optional(),
});
export type UserUpdate = z.input<typeof userUpdate>;
export type UserUpdateOutput = z.output<typeof userUpdate>;

/** A user as the API answers it: never the password or its hash. */
export const user = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  active: z.boolean(),
  seller_id: z.string().nullable(),
  fiscal_registration_number: z.string().nullable(),
  email_confirmed: z.boolean(),
  is_change_password_next_access: z.boolean(),
  is_access_request: z.boolean(),
  access_request_status: z.string().nullable(),
  profile: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.output<typeof user>;

/** The create answer: `temporary_password` only when the server generated one (shown once). */
export const userCreated = user.extend({ temporary_password: z.string().optional() });
export type UserCreated = z.output<typeof userCreated>;

/** The answer of PUT /users/{id}/reset-password (shown once). */
export const passwordReset = z.object({ id: z.string(), temporary_password: z.string() });

/** Fields of the list a client may sort by. */
export const USER_SORT = ["id", "name", "email", "role", "active", "created_at"] as const;

export const userFilters = z.object({
  role: role.optional(),
  active: queryBoolean.optional(),
});
export const userListInput = pagingInput(USER_SORT).extend(userFilters.shape);

/** Body of PUT /account/password: one's own password, proven by the current one. */
export const passwordChange = z.object({
  current_password: z.string({ message: "is required" }).min(1, "is required").max(200),
  new_password: z
    .string({ message: "is required" })
    .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200),
});
export type PasswordChange = z.input<typeof passwordChange>;
