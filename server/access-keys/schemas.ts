import { z } from "zod";
import { role } from "../auth/schemas";
import { pagingInput } from "../lib/paging";
import { requiredText } from "../lib/schemas";

export const accessKeyCreate = z.object({
  name: requiredText(120),
  role: role.default("VIEWER"),
});
export type AccessKeyCreate = z.input<typeof accessKeyCreate>;

/** Fields of the list a client may sort by. */
export const ACCESS_KEY_SORT = ["id", "name", "role", "token", "created_at", "last_used_at"] as const;
export const accessKeyListInput = pagingInput(ACCESS_KEY_SORT);

export const accessKey = z.object({
  id: z.string(),
  name: z.string(),
  role,
  token: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type AccessKey = z.output<typeof accessKey>;

/** The create answer: the only time the code (the secret) is shown. */
export const accessKeyCreated = z.object({
  id: z.string(),
  name: z.string(),
  role,
  token: z.string(),
  code: z.string(),
});
