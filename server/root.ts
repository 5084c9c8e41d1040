import { accessKeysRouter } from "./access-keys/router";
import { authRouter } from "./auth/router";
import { brandsRouter } from "./catalog/brands/router";
import { router, type Meta } from "./trpc";

/** Every router of the app: served as tRPC at /api/trpc and as REST at /api/b2b. */
export const appRouter = router({
  auth: authRouter,
  accessKeys: accessKeysRouter,
  brands: brandsRouter,
});

export type AppRouter = typeof appRouter;

/** Each procedure's meta by its dotted path (REST status rules, the OpenAPI document). */
export const procedureMetas: ReadonlyMap<string, Meta | undefined> = new Map(
  Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta } }>).map(
    ([path, procedure]) => [path, procedure._def.meta],
  ),
);
