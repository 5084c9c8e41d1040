/**
 * The one error type of the back end, and the one table of what each refusal is answered
 * with. Services throw AppError with a problem code; its HTTP status and tRPC code come
 * from `PROBLEMS` (REST and the panel's tRPC read the same table), and where an operation
 * answers 400 for bad input instead of 422 (interface.md) `answeredStatus` decides it, the
 * one place. server/http/problem.ts renders it as application/problem+json.
 */

/** The error statuses the server answers, each with the tRPC code the panel's API answers it with. */
const TRPC_CODES = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  408: "TIMEOUT",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  // Only Node's HTTP parser answers it, before any procedure: tRPC has no code of its own for it.
  431: "BAD_REQUEST",
  500: "INTERNAL_SERVER_ERROR",
  503: "SERVICE_UNAVAILABLE",
} as const;
export type ErrorStatus = keyof typeof TRPC_CODES;
export type TrpcErrorCode = (typeof TRPC_CODES)[ErrorStatus];

/**
 * Every problem `code` the server answers (a refusal's stable name; its figures are the
 * problem's `params`) with its HTTP status: first the default of each status, then the
 * precise ones. The panel words each in pt-BR and en (messages `problem.codes`;
 * tests/unit/problem-codes.test.ts), so staff never read the English `detail`.
 */
export const PROBLEMS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  unavailable: 503,
  malformed_request: 400,
  /** GET/PUT/DELETE /status/{id} of a missing status: interface.md answers 400. */
  status_not_found: 400,
  no_endpoint: 400,
  no_gateway: 400,
  no_card_payment: 400,
  no_price: 400,
  installments_not_offered: 400,
  /** A list only a user's bearer token reads (an access key gets 401, as /financials). */
  bearer_only: 401,
  access_key_not_allowed: 403,
  seller_not_linked: 403,
  not_own_seller: 403,
  validity_extension_denied: 403,
  partner_delete_denied: 403,
  invalid_login: 404,
  duplicate: 409,
  in_use: 409,
  has_receivables: 409,
  stock_reserved: 409,
  inactive: 409,
  order_locked: 409,
  phase_move: 409,
  phase_in_use: 409,
  order_on_hold: 409,
  not_on_hold: 409,
  order_changed: 409,
  nfe_exists: 409,
  nfe_state: 409,
  not_invoiceable: 409,
  sefaz_off: 409,
  import_state: 409,
  partner_has_history: 409,
  idempotency_in_progress: 409,
  secret_not_replayable: 409,
  idempotency_key_reused: 422,
  busy: 503,
  sefaz_unavailable: 503,
} as const satisfies Record<string, ErrorStatus>;
export type ProblemCode = keyof typeof PROBLEMS;
export const PROBLEM_CODES = Object.keys(PROBLEMS) as ProblemCode[];

/** The code of a status when nothing more precise is known (the first of each status in `PROBLEMS`). */
export const DEFAULT_PROBLEM: Record<ErrorStatus, ProblemCode> = Object.fromEntries(
  [...PROBLEM_CODES].reverse().map((code) => [PROBLEMS[code], code]),
) as Record<ErrorStatus, ProblemCode>;

/**
 * The status an operation answers a refusal of `status` with: where interface.md answers
 * 400 for bad input (meta `invalidInputStatus`), every 422 is a 400 — the one place this is
 * decided, for refusals of the edge and of the procedure alike.
 */
export function answeredStatus(status: number, invalidInputStatus: 400 | 422 | undefined): number {
  return status === 422 && invalidInputStatus === 400 ? 400 : status;
}

/** The tRPC code of a status (the panel's API). */
export function trpcCodeOf(status: number): TrpcErrorCode {
  return status in TRPC_CODES ? TRPC_CODES[status as ErrorStatus] : status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST";
}

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

export class AppError extends Error {
  /** What went wrong, for clients that word it themselves (`in_use`, `duplicate`, ...): the problem's `code`, which decides its status. */
  readonly code: ProblemCode;
  readonly errors?: FieldError[];
  /** Seconds until a retry may succeed (429). */
  readonly retryAfter?: number;
  /** The figures of the message (`usages`, `fields`, ...): the problem's `params`. */
  readonly params?: Record<string, unknown>;
  /**
   * What the request wrote before this refusal is kept: its transaction commits, then the
   * refusal is answered (a move refused for the holds it found records them). Its
   * Idempotency-Key is not kept: a retry decides again.
   */
  readonly keepsWrites: boolean;

  constructor(
    code: ProblemCode,
    message: string,
    options: {
      errors?: FieldError[];
      retryAfter?: number;
      params?: Record<string, unknown>;
      keepsWrites?: boolean;
    } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.errors = options.errors;
    this.retryAfter = options.retryAfter;
    this.params = options.params;
    this.keepsWrites = options.keepsWrites ?? false;
  }

  get status(): ErrorStatus {
    return PROBLEMS[this.code];
  }

  static notFound(what: string): AppError {
    return new AppError("not_found", `${what} not found`);
  }

  /** A 422 about several fields of the request. */
  static fields(errors: FieldError[]): AppError {
    return new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
  }

  /** A 422 about one field of the request. */
  static invalid(path: string, message: string, code = "invalid"): AppError {
    return new AppError("validation_failed", `${path}: ${message}`, { errors: [{ path, message, code }] });
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
