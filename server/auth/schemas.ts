import { z } from "zod";

export const role = z.enum(["ADMIN", "MANAGER", "SELLER", "VIEWER"]);
export type RoleName = z.infer<typeof role>;

export const loginInput = z.object({
  email: z.string({ message: "is required" }).trim().min(1, "is required").max(320),
  password: z.string({ message: "is required" }).min(1, "is required").max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

/** The login user of interface.md, without the password (contract §2). */
export const loginUser = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  fiscal_registration_number: z.string().nullable(),
  seller_id: z.string().nullable(),
  active: z.boolean(),
  email_confirmed: z.boolean(),
  is_change_password_next_access: z.boolean(),
  is_access_request: z.boolean(),
  access_request_status: z.string().nullable(),
  profile: z.string().nullable(),
});

export const loginResult = loginUser.extend({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int(),
});
