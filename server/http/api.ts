import type { AnyTRPCProcedure, AnyTRPCRouter } from "@trpc/server";
import type { Endpoint } from "./endpoint";
import type { Meta } from "./trpc";

/**
 * What the transport serves, composed by server/root.ts and handed to the server: the
 * routers (tRPC at /api/trpc, REST at /api/b2b from their `openapi` metas) and the
 * operations that are not tRPC procedures (uploads, downloads). The transport knows no
 * resource by name.
 */
export interface Api {
  router: AnyTRPCRouter;
  endpoints: readonly Endpoint[];
}

const proceduresByApi = new WeakMap<Api, ReadonlyMap<string, AnyTRPCProcedure>>();

/** Every procedure of the api by its dotted path (`brands.list`): the REST routes and the document are built from these. */
export function proceduresOf(api: Api): ReadonlyMap<string, AnyTRPCProcedure> {
  let procedures = proceduresByApi.get(api);
  if (!procedures) {
    procedures = new Map(Object.entries(api.router._def.procedures as Record<string, AnyTRPCProcedure>));
    proceduresByApi.set(api, procedures);
  }
  return procedures;
}

/** A procedure's meta (success status, credentials, documented errors). */
export function metaOf(procedure: AnyTRPCProcedure): Meta | undefined {
  return (procedure._def as { meta?: Meta }).meta;
}
