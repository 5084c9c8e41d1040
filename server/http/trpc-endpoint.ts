import type { IncomingMessage, ServerResponse } from "node:http";
import { nodeHTTPRequestHandler } from "@trpc/server/adapters/node-http";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { AppError, trpcCodeOf } from "../errors";
import type { Runtime } from "../runtime";
import { createContext, type RequestInfo } from "./trpc";
import type { Api } from "./api";
import { MAX_BODY_BYTES, readBody } from "./body";
import { cleanInput, parseJson, parseQuery } from "./input";
import { API_HEADERS, problemOf } from "./problem";
import { decodePercentEncoded } from "./route-table";

export const TRPC_PREFIX = "/api/trpc";

/**
 * A failure before tRPC runs (a procedure path that does not decode, a body too large,
 * not UTF-8, too deep) answered in tRPC's own error shape, one per call of a batch, so
 * the panel's client reads it like any other.
 */
function sendTrpcError(res: ServerResponse, error: unknown, calls: number, batched: boolean, reqId: string): void {
  const problem = problemOf(error, reqId);
  const code = trpcCodeOf(problem.status);
  const shape = {
    error: { message: problem.detail, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus: problem.status, problem } },
  };
  const body = JSON.stringify(batched ? Array.from({ length: calls }, () => shape) : shape);
  res.writeHead(problem.status, { ...API_HEADERS, "content-type": "application/json" });
  res.end(body);
}

/** The inputs of a batch (`{"0": …, "1": …}`) or of one call, cleaned at the edge like REST inputs. */
function cleanCalls(value: unknown, batched: boolean): unknown {
  if (!batched || value === null || typeof value !== "object") return cleanInput(value);
  return Object.fromEntries(Object.entries(value).map(([index, input]) => [index, cleanInput(input, [index])]));
}

/**
 * The panel's API (/api/trpc/...): tRPC's node adapter on the same routers and the same
 * pipeline as REST. The body is read here with the REST limit (1 MiB) and the same edge
 * rules (strict UTF-8, depth, NUL, NFC) before tRPC sees it.
 */
export async function handleTrpc(
  runtime: Runtime,
  api: Api,
  req: IncomingMessage & { body?: unknown },
  res: ServerResponse,
  pathname: string,
  search: string,
  request: RequestInfo,
): Promise<void> {
  const path = pathname.slice(TRPC_PREFIX.length + 1);
  const query = new URLSearchParams(search);
  const batched = query.get("batch") === "1";
  const calls = batched ? path.split(",").length : 1;
  try {
    // tRPC decodes the path itself and answers a plain-text 500 when it cannot (`%ZZ`).
    if (decodePercentEncoded(path) === undefined) throw new AppError("not_found", "No procedure at this path");
    parseQuery(search);
    if (req.method === "GET") {
      const input = query.get("input");
      if (input !== null) {
        query.set("input", JSON.stringify(cleanCalls(parseJson(input), batched)));
        req.url = `${pathname}?${query.toString()}`;
      }
    } else {
      const text = await readBody(req, MAX_BODY_BYTES);
      req.body = text === "" ? undefined : cleanCalls(parseJson(text), batched);
    }
  } catch (error) {
    sendTrpcError(res, error, calls, batched, request.id);
    return;
  }
  await nodeHTTPRequestHandler({
    router: api.router,
    req,
    res,
    path,
    maxBodySize: MAX_BODY_BYTES,
    createContext: () => createContext(runtime, request),
    responseMeta: ({ ctx, errors }) => ({
      headers: { ...API_HEADERS, ...(errors.length > 0 ? (ctx?.response.headers ?? {}) : {}) },
    }),
  });
}
