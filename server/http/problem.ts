import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { ZodError } from "zod";
import { AppError, type FieldError } from "../errors";

/** An RFC 9457 problem (contract §3). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: FieldError[];
}

const titles: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
};

export function problem(status: number, detail: string, errors?: FieldError[]): Problem {
  return { type: "about:blank", title: titles[status] ?? "Error", status, detail, ...(errors ? { errors } : {}) };
}

/** zod issues as `{path, message}` in the request's own field names. */
export function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "(body)",
    message: issue.message,
  }));
}

/** The body before the procedure runs could not be read as JSON. */
const unreadableBody = new Set(["PARSE_ERROR", "UNSUPPORTED_MEDIA_TYPE"]);

export function problemOf(error: TRPCError): Problem {
  const cause = error.cause;
  if (unreadableBody.has(error.code)) {
    return problem(422, "The request body must be a JSON document", [{ path: "(body)", message: error.message }]);
  }
  const status = getHTTPStatusCodeFromError(error);
  if (status >= 500) {
    console.error(error.cause ?? error);
    return problem(status, "An unexpected error occurred");
  }
  if (cause instanceof ZodError) return problem(status, "The request is not valid", fieldErrors(cause));
  if (cause instanceof AppError) return problem(status, cause.message, cause.errors);
  return problem(status, error.message);
}

export function problemResponse(value: Problem, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(value), {
    status: value.status,
    headers: { ...Object.fromEntries(new Headers(headers)), "content-type": "application/problem+json" },
  });
}
