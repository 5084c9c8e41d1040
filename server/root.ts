import type { AnyTRPCProcedure } from "@trpc/server";
import { accessKeysRouter } from "./access-keys/router";
import { auditRouter } from "./audit/router";
import { authRouter } from "./auth/router";
import { brandsRouter } from "./catalog/brands/router";
import { alternativeUnitsRouter } from "./catalog/alternative-units/router";
import { categoriesRouter } from "./catalog/categories/router";
import { measureUnitsRouter } from "./catalog/measure-units/router";
import { productsRouter } from "./catalog/products/router";
import { profilesRouter } from "./catalog/profiles/router";
import { variationsRouter } from "./catalog/variations/router";
import { warehousesRouter } from "./catalog/warehouses/router";
import { companiesRouter } from "./parties/companies/router";
import { partnersRouter } from "./parties/partners/router";
import { sellersRouter } from "./parties/sellers/router";
import { deliveryMethodsRouter } from "./settings/delivery-methods/router";
import { entityAttributesRouter } from "./settings/entity-attributes/router";
import { paymentMethodsRouter } from "./settings/payment-methods/router";
import { statusesRouter } from "./settings/statuses/router";
import { router, type Meta } from "./trpc";
import { accountRouter, usersRouter } from "./users/router";
import { savedViewsRouter } from "./workspace/saved-views/router";
import { searchRouter } from "./workspace/search/router";

/** Every router of the app: served as tRPC at /api/trpc and as REST at /api/b2b. */
export const appRouter = router({
  auth: authRouter,
  accessKeys: accessKeysRouter,
  statuses: statusesRouter,
  paymentMethods: paymentMethodsRouter,
  deliveryMethods: deliveryMethodsRouter,
  entityAttributes: entityAttributesRouter,
  brands: brandsRouter,
  profiles: profilesRouter,
  measureUnits: measureUnitsRouter,
  // Before products: GET /products/alternative-units must match before GET /products/{id}.
  alternativeUnits: alternativeUnitsRouter,
  products: productsRouter,
  warehouses: warehousesRouter,
  variations: variationsRouter,
  categories: categoriesRouter,
  companies: companiesRouter,
  sellers: sellersRouter,
  partners: partnersRouter,
  users: usersRouter,
  account: accountRouter,
  audit: auditRouter,
  savedViews: savedViewsRouter,
  search: searchRouter,
});

export type AppRouter = typeof appRouter;

/** Every procedure by its dotted path (`brands.list`): the REST routes and the OpenAPI document are built from these. */
export const procedures: ReadonlyMap<string, AnyTRPCProcedure> = new Map(
  Object.entries(appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>),
);

/** A procedure's meta (success status, credentials, documented errors). */
export function metaOf(procedure: AnyTRPCProcedure): Meta | undefined {
  return (procedure._def as { meta?: Meta }).meta;
}
