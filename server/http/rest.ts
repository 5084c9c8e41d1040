import type { IncomingMessage, ServerResponse } from "node:http";
import type { AnyTRPCProcedure } from "@trpc/server";
import { TRPCError } from "@trpc/server";
import type { z } from "zod";
import { AppError } from "../errors";
import type { Runtime } from "../runtime";
import { createContext, type Meta, type RequestInfo } from "./trpc";
import { metaOf, proceduresOf, type Api } from "./api";
import { readBody } from "./body";
import type { Endpoint } from "./endpoint";
import { header } from "../lib/headers";
import { idempotencyRequest, IdempotentReplay } from "./idempotency";
import { cleanInput, parseJson, parseQuery } from "./input";
import { problem, problemOf, sendJson, sendProblem } from "./problem";
import { RouteTable } from "./route-table";
import { recordStatus } from "./status-record";

/** The REST interface's base path (contract §1). */
export const REST_PREFIX = "/api/b2b";

interface ProcedureRoute {
  kind: "procedure";
  /** The procedure's dotted path in the app router (`brands.list`). */
  path: string;
  procedure: AnyTRPCProcedure;
  meta: Meta;
  /** Query parameters that are arrays in the input schema: a single value is wrapped. */
  arrayParams: ReadonlySet<string>;
}

type Route = ProcedureRoute | { kind: "endpoint"; endpoint: Endpoint };

/** The schema under optional/default/nullable/pipe wrappers. */
function unwrapSchema(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  for (let depth = 0; depth < 10; depth++) {
    const def = current._zod.def as unknown as { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType };
    const inner = def.type === "pipe" ? def.in : def.innerType;
    if (!inner) return current;
    current = inner;
  }
  return current;
}

function arrayParamsOf(procedure: AnyTRPCProcedure): Set<string> {
  const [input] = (procedure._def as unknown as { inputs: z.core.$ZodType[] }).inputs;
  const object = input ? unwrapSchema(input) : undefined;
  const shape = (object?._zod.def as { shape?: Record<string, z.core.$ZodType> } | undefined)?.shape ?? {};
  return new Set(
    Object.entries(shape)
      .filter(([, field]) => unwrapSchema(field)._zod.def.type === "array")
      .map(([key]) => key),
  );
}

/** Every operation of the interface: the routers' `openapi` metas and the non-JSON endpoints. */
function buildRoutes(api: Api): RouteTable<Route> {
  const table = new RouteTable<Route>();
  for (const [path, procedure] of proceduresOf(api)) {
    const meta = metaOf(procedure);
    if (!meta?.openapi) continue;
    table.add(meta.openapi.method, meta.openapi.path, { kind: "procedure", path, procedure, meta, arrayParams: arrayParamsOf(procedure) });
  }
  for (const endpoint of api.endpoints) table.add(endpoint.method, endpoint.path, { kind: "endpoint", endpoint });
  return table;
}

const routesOf = new WeakMap<Api, RouteTable<Route>>();

const acceptsBody = (method: string) => method === "POST" || method === "PUT" || method === "PATCH";

function isJsonContentType(value: string | undefined): boolean {
  const type = value?.split(";")[0]?.trim().toLowerCase();
  return type === "application/json" || (type?.startsWith("application/") === true && type.endsWith("+json"));
}

/** The procedure's input from the path parameters, the query string and the JSON body. */
async function inputOf(req: IncomingMessage, route: ProcedureRoute, params: Record<string, string>, search: string) {
  const method = req.method ?? "GET";
  if (!acceptsBody(method) || route.meta.inputFrom === "query") {
    // A body sent anyway is read (with its limit) and ignored.
    if (acceptsBody(method)) await readBody(req);
    const query = parseQuery(search);
    for (const key of route.arrayParams) {
      const value = query[key];
      if (typeof value === "string") query[key] = [value];
    }
    return { input: { ...query, ...params }, text: "" };
  }
  const text = await readBody(req);
  const fromQuery = route.meta.inputFrom === "query-and-body" ? parseQuery(search) : {};
  // "No body" writes (enable, disable, webhook calls) are sent without one.
  if (text.trim() === "") return { input: cleanInput({ ...fromQuery, ...params }), text };
  if (!isJsonContentType(header(req.headers, "content-type"))) {
    throw new AppError("validation_failed", "The request body must be JSON (Content-Type: application/json)", {
      errors: [{ path: "(body)", message: "must be sent as application/json", code: "invalid_content_type" }],
    });
  }
  const body = parseJson(text);
  if (route.meta.bodyField) return { input: cleanInput({ [route.meta.bodyField]: body, ...params }), text };
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new AppError("validation_failed", "The request body must be a JSON object", {
      errors: [{ path: "(body)", message: "must be a JSON object", code: "invalid_type", params: { expected: "object" } }],
    });
  }
  return { input: cleanInput({ ...body, ...fromQuery, ...queryFieldsOf(route, search), ...params }), text };
}

/** The input fields a body operation reads from its query string (meta `queryFields`). */
function queryFieldsOf(route: ProcedureRoute, search: string): Record<string, unknown> {
  const fields = route.meta.queryFields;
  if (!fields?.length) return {};
  const query = parseQuery(search);
  return Object.fromEntries(fields.flatMap((field) => (query[field] === undefined ? [] : [[field, query[field]]])));
}

/** Runs one operation of the routers and renders its answer or its problem. */
async function runProcedure(
  runtime: Runtime,
  req: IncomingMessage,
  res: ServerResponse,
  route: ProcedureRoute,
  params: Record<string, string>,
  target: { pathname: string; search: string },
  request: RequestInfo,
): Promise<void> {
  const { search } = target;
  const ctx = createContext(runtime, request);
  try {
    const { input, text } = await inputOf(req, route, params, search);
    const key = header(req.headers, "idempotency-key");
    if (key !== undefined && acceptsBody(req.method ?? "GET")) {
      request.idempotency = idempotencyRequest(key, req.method ?? "", target.pathname + search, text);
    }
    const data = await route.procedure({
      path: route.path,
      getRawInput: async () => input,
      ctx,
      type: route.procedure._def.type,
      signal: undefined,
      batchIndex: 0,
    });
    const status = ctx.response.status ?? 200;
    sendJson(res, status, status === 204 ? null : JSON.stringify(data ?? null), ctx.response.headers);
  } catch (error) {
    const cause = error instanceof TRPCError ? error.cause : error;
    if (cause instanceof IdempotentReplay) {
      sendJson(res, cause.status, cause.body, { "idempotent-replayed": "true" });
      return;
    }
    // Where interface.md answers 400 for bad input, so does every way an input can be bad (errors.ts decides).
    sendProblem(res, problemOf(error, request.id, route.meta.invalidInputStatus), ctx.response.headers);
  }
}

/**
 * Every REST call (/api/b2b/...): the route of the method and path (404, 405), then the
 * operation. Static path segments win over parameters, so `/stock/override` is never
 * `/stock/{id}`.
 */
export async function handleRest(
  runtime: Runtime,
  api: Api,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  search: string,
  request: RequestInfo,
): Promise<void> {
  let routes = routesOf.get(api);
  if (!routes) routesOf.set(api, (routes = buildRoutes(api)));
  const method = req.method ?? "GET";
  const found = routes.lookup(method, pathname.slice(REST_PREFIX.length) || "/");
  if (found.kind === "not-found") return sendProblem(res, problem(404, `No operation at ${method} ${pathname}`));
  if (found.kind === "method-not-allowed") {
    return sendProblem(res, problem(405, `${method} is not allowed here; allowed: ${found.allow.join(", ")}`), {
      allow: found.allow.join(", "),
    });
  }
  const { route, params } = found.match;
  const template = route.kind === "endpoint" ? route.endpoint.path : (route.meta.openapi?.path ?? "");
  res.once("close", () => recordStatus(method, template, res.statusCode));
  if (route.kind === "endpoint") return route.endpoint.run(runtime, req, res, params, search, request);
  return runProcedure(runtime, req, res, route, params, { pathname, search }, request);
}
