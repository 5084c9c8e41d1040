import type { ServerResponse } from "node:http";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { ZodError, type z } from "zod";
import { AppError, answeredStatus, DEFAULT_PROBLEM, type ErrorStatus, type FieldError } from "../errors";
import { log } from "../log";

/** An RFC 9457 problem (contract §3). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** What went wrong in a word a client can translate: `validation_failed`, `not_found`, `in_use`, `duplicate`, ... */
  code: string;
  /** The figures of `detail` (`usages`, `fields`, ...). */
  params?: Record<string, unknown>;
  errors?: FieldError[];
}

const titles: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** The problem `code` of a status, unless the error names a more precise one (errors.ts: the first code of each status). */
const codeOf = (status: number): string => (status in DEFAULT_PROBLEM ? DEFAULT_PROBLEM[status as ErrorStatus] : "error");

/** Control characters (C0, DEL, C1): never answered raw, even when a message repeats what was sent (a key holding a NUL). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** Text the server built, perhaps from input, with every control character written as its escape (`\u0000`). */
export function printable(text: string): string {
  return text.replace(CONTROL, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** `printable` on every string of a problem's figures. */
function printableValues(value: unknown): unknown {
  if (typeof value === "string") return printable(value);
  if (Array.isArray(value)) return value.map(printableValues);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [printable(key), printableValues(inner)]));
  }
  return value;
}

export function problem(
  status: number,
  detail: string,
  errors?: FieldError[],
  more: { code?: string; params?: Record<string, unknown> } = {},
): Problem {
  return {
    type: "about:blank",
    title: titles[status] ?? "Error",
    status,
    detail: printable(detail),
    code: more.code ?? codeOf(status),
    ...(more.params ? { params: printableValues(more.params) as Record<string, unknown> } : {}),
    ...(errors
      ? {
          errors: errors.map((error) => ({
            ...error,
            path: printable(error.path),
            message: printable(error.message),
            ...(error.params ? { params: printableValues(error.params) as Record<string, unknown> } : {}),
          })),
        }
      : {}),
  };
}

/** The figures of a zod issue a client needs to word it in its own language. */
const ISSUE_PARAMS = ["expected", "minimum", "maximum", "inclusive", "origin", "format", "values", "keys", "divisor"] as const;

function paramsOf(issue: z.core.$ZodIssue): Record<string, unknown> | undefined {
  const params: Record<string, unknown> = {};
  for (const key of ISSUE_PARAMS) {
    const value = (issue as unknown as Record<string, unknown>)[key];
    if (value !== undefined) params[key] = typeof value === "bigint" ? Number(value) : value;
  }
  return Object.keys(params).length > 0 ? params : undefined;
}

/** zod issues as `{path, message, code, params}` in the request's own field names. */
export function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join(".") || "(body)";
    // Our own rules (custom issues) name what failed in `params.code`, with its figures.
    const custom = issue.code === "custom" ? (issue.params as { code?: unknown } | undefined) : undefined;
    if (custom && typeof custom.code === "string") {
      const { code, ...params } = custom;
      return { path, message: issue.message, code, ...(Object.keys(params).length > 0 ? { params } : {}) };
    }
    const params = paramsOf(issue);
    return {
      path,
      message: issue.message,
      // Our schemas word every missing or empty required field "is required".
      code: issue.message === "is required" ? "required" : issue.code,
      ...(params ? { params } : {}),
    };
  });
}

/**
 * The problem of an error: its own status and message for what we threw, a bare 500 for
 * anything else (logged with the request's id). `invalidInputStatus`: the operation's
 * status for bad input (errors.ts `answeredStatus`), for an error thrown before its
 * procedure ran (the body's edge rules).
 */
export function problemOf(error: unknown, reqId?: string, invalidInputStatus?: 400 | 422): Problem {
  const cause = error instanceof TRPCError ? error.cause : error;
  if (error instanceof TRPCError && (error.code === "PARSE_ERROR" || error.code === "UNSUPPORTED_MEDIA_TYPE")) {
    const status = answeredStatus(422, invalidInputStatus);
    return problem(status, "The request body must be a JSON document", [{ path: "(body)", message: error.message, code: "invalid_json" }]);
  }
  const raw =
    error instanceof TRPCError
      ? getHTTPStatusCodeFromError(error)
      : cause instanceof AppError
        ? cause.status
        : cause instanceof ZodError
          ? 422
          : 500;
  const status = answeredStatus(raw, invalidInputStatus);
  // Ours to say (503: busy, retry later); any other 5xx is a failure whose details stay in the log.
  if (status >= 500 && !(cause instanceof AppError && status === 503)) {
    log().error({ reqId, err: cause ?? error }, "request failed");
    return problem(500, "An unexpected error occurred");
  }
  if (cause instanceof ZodError) return problem(status, "The request is not valid", fieldErrors(cause));
  // A validation failure answered 400 is told as what it is for the operation: a bad request.
  const code = cause instanceof AppError ? (status === raw || cause.status !== 422 ? cause.code : codeOf(status)) : undefined;
  if (cause instanceof AppError) return problem(status, cause.message, cause.errors, { code, params: cause.params });
  return problem(status, error instanceof Error ? error.message : "The request failed");
}

/** Headers every API answer carries: it is data, never a page to render or frame. */
export const API_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cache-control": "no-store",
} as const;

export function sendJson(res: ServerResponse, status: number, body: string | null, headers: Record<string, string> = {}): void {
  if (status === 204 || body === null) {
    res.writeHead(status, { ...API_HEADERS, ...headers });
    res.end();
    return;
  }
  res.writeHead(status, {
    ...API_HEADERS,
    ...headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
}

export function sendProblem(res: ServerResponse, value: Problem, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(value);
  res.writeHead(value.status, {
    ...API_HEADERS,
    ...headers,
    "content-type": "application/problem+json",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
}
