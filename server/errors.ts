/**
 * The one error type of the back end. Services throw AppError; server/trpc.ts maps it
 * (and Prisma and zod errors) to tRPC codes and HTTP statuses, and server/http/problem.ts
 * renders it as application/problem+json.
 */
export type AppErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "VALIDATION"
  | "TOO_MANY_REQUESTS"
  | "UNAVAILABLE";

/**
 * Every problem `code` the server answers (a refusal's stable name; its figures are the
 * problem's `params`): the default of each status, then the precise ones. The panel words
 * each in pt-BR and en (messages `problem.codes`; tests/unit/problem-codes.test.ts), so
 * staff never read the English `detail`.
 */
export const PROBLEM_CODES = [
  "bad_request",
  "malformed_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "request_timeout",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "validation_failed",
  "rate_limited",
  "headers_too_large",
  "internal_error",
  "unavailable",
  "duplicate",
  "in_use",
  "has_receivables",
  "stock_reserved",
  "inactive",
  "no_endpoint",
  "no_gateway",
  "no_card_payment",
  "order_locked",
  "phase_move",
  "phase_in_use",
  "order_on_hold",
  "not_on_hold",
  "order_changed",
  "validity_extension_denied",
  "partner_has_history",
  "seller_not_linked",
  "not_own_seller",
  "busy",
  "idempotency_in_progress",
  "idempotency_key_reused",
  "secret_not_replayable",
  "invalid_login",
  "access_key_not_allowed",
  "no_price",
  "installments_not_offered",
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

/**
 * One failing field of a request, in the request's own field names (`items.0.quantity`).
 * `code` says what failed in words a client can translate (zod's issue codes, or
 * `required`, `not_found_reference`, `duplicate`, `in_use`, ...); `params` carries the
 * figures of the message (`minimum`, `maximum`, ...).
 */
export interface FieldError {
  path: string;
  message: string;
  code: string;
  params?: Record<string, unknown>;
}

export const appErrorStatus: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION: 422,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly errors?: FieldError[];
  /** Seconds until a retry may succeed (429). */
  readonly retryAfter?: number;
  /** What went wrong, for clients that word it themselves (`in_use`, `duplicate`, ...): the problem's `code`. */
  readonly reason?: ProblemCode;
  /** The figures of the message (`usages`, `fields`, ...): the problem's `params`. */
  readonly params?: Record<string, unknown>;
  /**
   * What the request wrote before this refusal is kept: its transaction commits, then the
   * refusal is answered (a move refused for the holds it found records them). Its
   * Idempotency-Key is not kept: a retry decides again.
   */
  readonly keepsWrites: boolean;

  constructor(
    code: AppErrorCode,
    message: string,
    options: {
      errors?: FieldError[];
      retryAfter?: number;
      reason?: ProblemCode;
      params?: Record<string, unknown>;
      keepsWrites?: boolean;
    } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.errors = options.errors;
    this.retryAfter = options.retryAfter;
    this.reason = options.reason;
    this.params = options.params;
    this.keepsWrites = options.keepsWrites ?? false;
  }

  get status(): number {
    return appErrorStatus[this.code];
  }

  static notFound(what: string): AppError {
    return new AppError("NOT_FOUND", `${what} not found`);
  }

  /** A 422 about several fields of the request. */
  static fields(errors: FieldError[]): AppError {
    return new AppError("VALIDATION", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
  }

  /** A 422 about one field of the request. */
  static invalid(path: string, message: string, code = "invalid"): AppError {
    return new AppError("VALIDATION", `${path}: ${message}`, { errors: [{ path, message, code }] });
  }
}

/** A field error as a zod issue of our rules (superRefine): its code and figures travel in `params`. */
export function ruleIssue(error: FieldError): {
  code: "custom";
  path: Array<string | number>;
  message: string;
  params: Record<string, unknown>;
} {
  return {
    code: "custom",
    path: error.path.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    message: error.message,
    params: { code: error.code, ...error.params },
  };
}
