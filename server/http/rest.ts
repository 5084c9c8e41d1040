import { TRPCError } from "@trpc/server";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { database } from "../db";
import { AppError } from "../errors";
import { appRouter, procedureMetas } from "../root";
import { createContext, type Context, type Meta } from "../trpc";
import { MAX_BODY_BYTES, readBody } from "./body";
import { withIdempotency } from "./idempotency";
import { problem, problemResponse, type Problem } from "./problem";

export const REST_PREFIX = "/api/b2b";

const metaOf = (path: string | undefined): Meta | undefined => (path ? procedureMetas.get(path) : undefined);

/** Status and headers of a REST answer, from the procedure's meta and what it set. */
function responseMeta(opts: { ctx?: Context; paths?: readonly string[]; errors: TRPCError[] }) {
  const headers = opts.ctx?.response.headers ?? {};
  const [error] = opts.errors;
  if (!error) return { status: opts.ctx?.response.status ?? 200, headers };
  if (error.code === "PARSE_ERROR" || error.code === "UNSUPPORTED_MEDIA_TYPE") {
    return { status: metaOf(opts.paths?.[0])?.invalidInputStatus ?? 422, headers };
  }
  return { headers };
}

/** Success bodies pass through; error bodies become problem+json; 204s carry nothing. */
async function finish(response: Response): Promise<Response> {
  if (response.status === 204) return new Response(null, { status: 204 });
  if (response.status < 400) return response;
  const body = (await response.json().catch(() => null)) as { message?: string; data?: { problem?: Problem } } | null;
  const described = body?.data?.problem ?? problem(response.status, body?.message ?? "The request failed");
  const retryAfter = response.headers.get("retry-after");
  return problemResponse(
    { ...problem(response.status, described.detail, described.errors) },
    retryAfter ? { "retry-after": retryAfter } : {},
  );
}

const acceptsBody = (method: string) => method !== "GET" && method !== "HEAD";

/** trpc-to-openapi's handler, built once (it compiles every path's matcher). */
const openApiHandler = createOpenApiNodeHttpHandler({
  router: appRouter,
  createContext: async ({ req }: { req: Request }) => createContext(await database(), req.headers),
  responseMeta,
} as unknown as Parameters<typeof createOpenApiNodeHttpHandler>[0]) as unknown as (
  req: Request,
  res: { setHeader(name: string, value: string | string[]): void; statusCode: number; end(body?: string): void },
) => Promise<void>;

/**
 * Runs the routers on a request whose body was already read: the handler sees the
 * original request with the path relative to the REST prefix and the parsed body.
 */
function dispatch(request: Request, headers: Headers, body: string): Promise<Response> {
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(REST_PREFIX.length) || "/";
  let parsed: unknown;
  let parseError: unknown;
  if (body !== "") {
    try {
      parsed = JSON.parse(body);
    } catch (error) {
      parseError = error;
    }
  }
  const req = new Proxy(request, {
    get(target, property) {
      if (property === "url") return url.toString();
      if (property === "headers") return headers;
      if (property === "body") {
        if (parseError) throw new TRPCError({ code: "PARSE_ERROR", message: "Failed to parse request body", cause: parseError });
        return parsed;
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return new Promise((resolve) => {
    const responseHeaders = new Headers();
    const res = {
      statusCode: 200,
      setHeader(name: string, value: string | string[]) {
        for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, item);
      },
      end(text?: string) {
        resolve(new Response(text ?? null, { status: res.statusCode, headers: responseHeaders }));
      },
    };
    void openApiHandler(req, res);
  });
}

/**
 * Every REST call: body limit (413), idempotency keys, then the routers through
 * trpc-to-openapi, then the problem+json and status conventions of the contract.
 */
export async function handleRestRequest(request: Request): Promise<Response> {
  try {
    const method = request.method.toUpperCase();
    let body = acceptsBody(method) ? await readBody(request, MAX_BODY_BYTES) : "";
    const headers = new Headers(request.headers);
    if (acceptsBody(method) && body.trim() === "") {
      // "No body" endpoints (enable, disable, webhook calls) are sent without content-type.
      body = "{}";
      if (!headers.get("content-type")) headers.set("content-type", "application/json");
    }
    const run = async () => finish(await dispatch(request, headers, body));
    const key = request.headers.get("idempotency-key");
    if (key && acceptsBody(method)) return await withIdempotency((await database()).prisma, request, key, body, run);
    return await run();
  } catch (error) {
    if (error instanceof AppError) return problemResponse(problem(error.status, error.message, error.errors));
    console.error(error);
    return problemResponse(problem(500, "An unexpected error occurred"));
  }
}
