import type { TRPCError } from "@trpc/server";
import { createOpenApiFetchHandler } from "trpc-to-openapi";
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

/**
 * Every REST call: body limit (413), idempotency keys, then the routers through
 * trpc-to-openapi, then the problem+json and status conventions of the contract.
 */
export async function handleRestRequest(request: Request): Promise<Response> {
  try {
    const method = request.method.toUpperCase();
    const body = acceptsBody(method) ? await readBody(request, MAX_BODY_BYTES) : "";
    const db = await database();
    const dispatch = async () => {
      const headers = new Headers(request.headers);
      let forwarded = body;
      if (acceptsBody(method) && body.trim() === "") {
        // "No body" endpoints (enable, disable, webhook calls) are sent without content-type.
        forwarded = "{}";
        if (!headers.get("content-type")) headers.set("content-type", "application/json");
      }
      const response = await createOpenApiFetchHandler({
        endpoint: REST_PREFIX,
        router: appRouter,
        req: new Request(request.url, {
          method,
          headers,
          body: acceptsBody(method) ? forwarded : undefined,
        }),
        createContext: ({ req }: { req: Request }) => createContext(db, req.headers),
        responseMeta,
      } as Parameters<typeof createOpenApiFetchHandler>[0]);
      return finish(response);
    };
    const key = request.headers.get("idempotency-key");
    if (key && acceptsBody(method)) return await withIdempotency(db.prisma, request, key, body, dispatch);
    return await dispatch();
  } catch (error) {
    if (error instanceof AppError) return problemResponse(problem(error.status, error.message, error.errors));
    console.error(error);
    return problemResponse(problem(500, "An unexpected error occurred"));
  }
}
