import { randomUUID } from "node:crypto";
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { PROBLEMS, type ProblemCode } from "../errors";
import { log } from "../log";
import type { Runtime } from "../runtime";
import type { RequestInfo } from "./trpc";
import type { Api } from "./api";
import { discardRest } from "./body";
import { clientAddressOf, CLIENT_ADDRESS_HEADER } from "../auth/client-address";
import { API_HEADERS, problem, sendJson, sendProblem } from "./problem";
import { handleRest, REST_PREFIX } from "./rest";
import { decodePercentEncoded } from "./route-table";
import { handleTrpc, TRPC_PREFIX } from "./trpc-endpoint";

/** Where everything that is not the API goes: Next.js (the panel, next-auth). */
export type PanelHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Headers every answer carries, pages and API alike (the pages' CSP is set by proxy.ts, with its nonce). */
const COMMON_HEADERS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
} as const;

/** What Node's parser refused before a request existed, by its error code: the problem answered (anything else: malformed). */
const CLIENT_ERROR_PROBLEM: Record<string, ProblemCode> = {
  HPE_HEADER_OVERFLOW: "headers_too_large",
  ERR_HTTP_REQUEST_TIMEOUT: "request_timeout",
  ERR_HTTP_HEADERS_TIMEOUT: "request_timeout",
};

/**
 * A request Node's HTTP parser refused (a control character in a header, a malformed
 * request line, headers too large, too slow): answered as a problem+json with a request
 * id and logged, instead of Node's bare status line; the connection closes after it.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const id = randomUUID();
  const code = CLIENT_ERROR_PROBLEM[error.code ?? ""] ?? "malformed_request";
  const status = PROBLEMS[code];
  const detail =
    status === 431
      ? "The request's headers are too large"
      : status === 408
        ? "The request took too long to arrive"
        : "The request is not valid HTTP (a malformed request line or header, or a control character in a header)";
  log().warn({ reqId: id, code: error.code, status }, "request refused by the HTTP parser");
  const body = JSON.stringify(problem(status, detail, undefined, { code }));
  const headers = {
    ...COMMON_HEADERS,
    ...API_HEADERS,
    "x-request-id": id,
    "content-type": "application/problem+json",
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Bad Request"}\r\n${head}\r\n${body}`);
}

/** Next.js's own route for the app's not-found page (app/not-found.tsx), answered with 404. */
const PANEL_NOT_FOUND = "/_not-found";

const REQUEST_ID = /^[\w.:-]{1,64}$/;

export interface AppServer {
  server: Server;
  /** Requests being answered right now (graceful shutdown waits for them). */
  inFlight(): number;
}

/**
 * The app's one HTTP entry: health and readiness, the REST interface, the panel's
 * tRPC API, and Next.js for everything else. Every request gets an id (its
 * `X-Request-Id`, carried by each log line) and one access log line when answered.
 */
export function createAppServer(runtime: Runtime, api: Api, panel?: PanelHandler): AppServer {
  let openApiDocument: Promise<string> | undefined;
  let inFlight = 0;

  async function route(req: IncomingMessage, res: ServerResponse, request: RequestInfo): Promise<void> {
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    const search = queryAt === -1 ? "" : url.slice(queryAt);

    if (pathname === "/api/health") return sendJson(res, 200, JSON.stringify({ status: "ok" }));
    if (pathname === "/api/ready") return ready(res);
    if (pathname === `${REST_PREFIX}/openapi.json` && req.method === "GET") {
      // Built on the first ask, with what builds it (trpc-to-openapi, zod-openapi): a tenth
      // of the start-up that the REST interface itself does not need.
      openApiDocument ??= import("./openapi")
        .then(({ buildOpenApiDocument }) => JSON.stringify(buildOpenApiDocument(api, REST_PREFIX)))
        .catch((error: unknown) => {
          openApiDocument = undefined;
          throw error;
        });
      return sendJson(res, 200, await openApiDocument, { "cache-control": "public, max-age=60" });
    }
    if (pathname === REST_PREFIX || pathname.startsWith(`${REST_PREFIX}/`)) {
      return handleRest(runtime, api, req, res, pathname, search, request);
    }
    if (pathname.startsWith(`${TRPC_PREFIX}/`)) return handleTrpc(runtime, api, req, res, pathname, search, request);
    if (!panel) return sendProblem(res, problem(404, "Not found"));
    if (decodePercentEncoded(pathname) === undefined) {
      // A path that does not decode (`%ZZ`) names nothing, and Next.js would answer it with a
      // plain-text 500: an API path gets a 404 problem, a page the panel's "page not found".
      if (pathname.startsWith("/api/")) return sendProblem(res, problem(404, "Not found"));
      req.url = PANEL_NOT_FOUND;
    }
    // Next.js reads the client's address from this header, which only this server sets.
    req.headers[CLIENT_ADDRESS_HEADER] = request.clientAddress;
    return panel(req, res);
  }

  async function ready(res: ServerResponse): Promise<void> {
    const { fatal, draining } = runtime.health;
    if (fatal || draining) {
      return sendJson(res, 503, JSON.stringify({ status: fatal ? "failed" : "stopping", ...(fatal ? { reason: fatal } : {}) }));
    }
    try {
      await runtime.database.ping();
      sendJson(res, 200, JSON.stringify({ status: "ready", database: runtime.database.kind }));
    } catch (error) {
      log().warn({ err: error }, "readiness check: the database does not answer");
      sendJson(res, 503, JSON.stringify({ status: "unavailable", reason: "the database does not answer" }));
    }
  }

  const server = createServer((req, res) => {
    const started = performance.now();
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    inFlight++;
    res.setHeader("x-request-id", id);
    for (const [name, value] of Object.entries(COMMON_HEADERS)) res.setHeader(name, value);
    // Answered before its body was read whole (a 413, a refused upload): drop the rest, bounded.
    res.once("finish", () => discardRest(req));
    res.once("close", () => {
      inFlight--;
      const ms = Math.round((performance.now() - started) * 10) / 10;
      log().info({ reqId: id, method: req.method, path: req.url?.split("?")[0], status: res.statusCode, ms }, "request");
    });
    const request: RequestInfo = { id, headers: req.headers, clientAddress: clientAddressOf(req) };
    route(req, res, request).catch((error: unknown) => {
      log().error({ reqId: id, err: error }, "request failed outside the pipeline");
      if (!res.headersSent) sendProblem(res, problem(500, "An unexpected error occurred"));
      else res.destroy();
    });
  });
  server.on("clientError", answerClientError);
  // Longer than the usual proxy's idle timeout, so the proxy closes idle connections first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 120_000;
  return { server, inFlight: () => inFlight };
}
