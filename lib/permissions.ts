import type { RoleName } from "@/server/auth/schemas";

/**
 * What a role may do in the panel, mirroring the procedures of server/http/trpc.ts. The
 * server enforces these; the panel only hides what would be refused.
 */
export const permissions = {
  /** manageProcedure: catalog, prices, stock, settings. */
  manage: (role: RoleName) => role === "ADMIN" || role === "MANAGER",
  /** sellProcedure: orders, sales, partners. */
  sell: (role: RoleName) => role !== "VIEWER",
  /** adminProcedure: users, access keys, webhooks. */
  admin: (role: RoleName) => role === "ADMIN",
} satisfies Record<string, (role: RoleName) => boolean>;

export type Permission = keyof typeof permissions;
