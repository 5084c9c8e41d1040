import type { IncomingMessage, ServerResponse } from "node:http";
import type { CredentialPolicy, Principal } from "../auth/principal";
import type { Db, ScopedDb } from "../db/scoped";
import type { Role } from "../generated/prisma/enums";
import type { Runtime } from "../runtime";
import type { RequestInfo } from "./trpc";
import { parseQuery } from "./input";
import { authenticate, authorize, rateLimit, runWrite, scope } from "./pipeline";
import { header } from "../lib/headers";
import { checkIdempotencyKey, idempotencyRequest, IdempotentReplay } from "./idempotency";
import { problemOf, sendJson, sendProblem } from "./problem";

/**
 * The few operations that are not JSON in, JSON out (multipart uploads, file downloads,
 * streamed exports, webhook receivers) run the same pipeline steps as the tRPC
 * procedures through this wrapper: authenticate, rate-limit, authorize, scope, then the
 * handler, with every failure rendered as problem+json. They are routed and documented
 * next to the procedures (server/http/rest.ts, server/http/openapi.ts).
 */

/** OpenAPI 3.1 fragments of the operation, written by hand (what zod cannot describe). */
export interface EndpointDocument {
  /** Unique in the document, like the procedures' (`resourceFiles-upload`). */
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  deprecated?: boolean;
  parameters?: Array<Record<string, unknown>>;
  requestBody?: Record<string, unknown>;
  /** The success answers by status; the error statuses are added from `errors` (server/http/openapi.ts). */
  responses: Record<string, { description: string; content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
  /** Error statuses the operation answers besides the ones of its kind (401/403/429/500...). */
  errors: readonly number[];
}

export interface EndpointContext {
  runtime: Runtime;
  req: IncomingMessage;
  res: ServerResponse;
  request: RequestInfo;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
}

export interface SignedInContext extends EndpointContext {
  principal: Principal;
  db: ScopedDb;
  /**
   * Step 6 for a write: `work` in one transaction that first confirms the credential.
   * With `request` (what identifies the request: for an upload, its files' names and
   * hashes), the request's Idempotency-Key is honoured as on every write: the same key
   * and request replay the stored answer (and `work` never runs), another request is 422.
   */
  write<T>(work: (tx: Db) => Promise<T>, request?: string): Promise<T>;
}

interface SpecBase {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: `/${string}`;
  document: EndpointDocument;
}

export interface PublicEndpointSpec extends SpecBase {
  access: "public";
  handle(ctx: EndpointContext): Promise<void>;
}

export interface SignedInEndpointSpec extends SpecBase {
  access: { roles: readonly Role[]; credentials?: CredentialPolicy };
  handle(ctx: SignedInContext): Promise<void>;
}

export interface Endpoint {
  method: SpecBase["method"];
  path: SpecBase["path"];
  document: EndpointDocument;
  /** Whether it needs credentials (for the document's `security`). */
  access: PublicEndpointSpec["access"] | SignedInEndpointSpec["access"];
  run(
    runtime: Runtime,
    req: IncomingMessage,
    res: ServerResponse,
    params: Record<string, string>,
    search: string,
    request: RequestInfo,
  ): Promise<void>;
}

export function defineEndpoint(spec: PublicEndpointSpec): Endpoint;
export function defineEndpoint(spec: SignedInEndpointSpec): Endpoint;
export function defineEndpoint(spec: PublicEndpointSpec | SignedInEndpointSpec): Endpoint {
  return {
    method: spec.method,
    path: spec.path,
    document: spec.document,
    access: spec.access,
    async run(runtime, req, res, params, search, request) {
      try {
        const base: EndpointContext = { runtime, req, res, request, params, query: parseQuery(search) };
        if (spec.access === "public") {
          await spec.handle(base);
          return;
        }
        const { roles, credentials } = spec.access;
        const principal = await authenticate(runtime, req.headers, credentials);
        rateLimit(runtime, principal);
        authorize(principal.role, roles);
        const key = spec.method === "DELETE" ? undefined : header(req.headers, "idempotency-key");
        // A malformed key is refused before the body is read (an upload's files stored).
        if (key !== undefined) checkIdempotencyKey(key);
        const db = scope(runtime, principal);
        await spec.handle({
          ...base,
          principal,
          db,
          write: (work, described) =>
            runWrite(
              runtime,
              {
                db,
                principal,
                roles,
                requestId: request.id,
                idempotency:
                  key !== undefined && described !== undefined
                    ? idempotencyRequest(key, spec.method, (req.url ?? "").split("?")[0] + search, described)
                    : undefined,
              },
              async (tx) => {
                const value = await work(tx);
                return { value, body: value, status: 200, oneTimeSecret: false };
              },
            ),
        });
      } catch (error) {
        if (error instanceof IdempotentReplay) {
          sendJson(res, error.status, error.body, { "idempotent-replayed": "true" });
          return;
        }
        if (res.headersSent) {
          // The answer was already streaming: all that is left is to cut it short.
          res.destroy(error instanceof Error ? error : undefined);
          return;
        }
        const answer = problemOf(error, request.id);
        const headers: Record<string, string> = {};
        if (error instanceof Error && "retryAfter" in error && typeof error.retryAfter === "number") {
          headers["retry-after"] = String(error.retryAfter);
        }
        sendProblem(res, answer, headers);
      }
    },
  };
}
