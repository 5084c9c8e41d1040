import type { PrismaClient } from "../generated/prisma/client";

/**
 * Tenancy in one place: a client extension that adds `organization_id` to every
 * filter and every created row of the org-owned models. Services receive the scoped
 * client and never mention the org; a foreign id simply is not found (404).
 *
 * Every model carries the org except these global tables. Nested writes do not pass
 * through query extensions, so child rows are written with their own create calls.
 */
const unscopedModels = new Set(["Organization", "IdempotencyRecord", "RateLimitBucket", "LoginThrottle"]);

const filtered = new Set([
  "findUnique",
  "findUniqueOrThrow",
  "findFirst",
  "findFirstOrThrow",
  "findMany",
  "count",
  "aggregate",
  "groupBy",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "delete",
  "deleteMany",
]);

type Args = Record<string, unknown> & { where?: object; data?: unknown; create?: object };

function withOrganization(operation: string, args: Args, organization_id: string): Args {
  if (filtered.has(operation)) return { ...args, where: { ...args.where, organization_id } };
  if (operation === "create") return { ...args, data: { ...(args.data as object), organization_id } };
  if (operation === "createMany" || operation === "createManyAndReturn") {
    const rows = Array.isArray(args.data) ? args.data : [args.data];
    return { ...args, data: rows.map((row: object) => ({ ...row, organization_id })) };
  }
  if (operation === "upsert") {
    return {
      ...args,
      where: { ...args.where, organization_id },
      create: { ...args.create, organization_id },
    };
  }
  return args;
}

function scope(prisma: PrismaClient, organizationId: string) {
  return prisma.$extends({
    name: "organization-scope",
    /** The org this client is scoped to, for raw SQL (server/db/sql.ts binds it). */
    client: { $organizationId: organizationId },
    query: {
      $allModels: {
        $allOperations({ model, operation, args, query }) {
          if (unscopedModels.has(model)) return query(args);
          return query(withOrganization(operation, args as Args, organizationId) as typeof args);
        },
      },
    },
  });
}

export type ScopedDb = ReturnType<typeof scope>;
/** What services take: the scoped client or a transaction opened on it. */
export type Db = Omit<ScopedDb, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

const cache = new WeakMap<PrismaClient, Map<string, ScopedDb>>();

/** The client scoped to one org (cached: building an extension per request is wasted work). */
export function forOrganization(prisma: PrismaClient, organizationId: string): ScopedDb {
  let byOrg = cache.get(prisma);
  if (!byOrg) cache.set(prisma, (byOrg = new Map()));
  let scoped = byOrg.get(organizationId);
  if (!scoped) {
    if (byOrg.size > 1000) byOrg.clear();
    scoped = scope(prisma, organizationId);
    byOrg.set(organizationId, scoped);
  }
  return scoped;
}
