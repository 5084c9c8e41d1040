import { TRPCClientError } from "@trpc/client";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { toast } from "sonner";
import { useFormMessages } from "@/components/resource-form/form-messages";

/** One failing field of a 422; `code` and `params` translate it when the server sends them. */
export interface FieldProblem {
  path: string;
  message: string;
  code?: string;
  params?: Record<string, unknown>;
}

/** The RFC 9457 problem every server error carries (server/http/problem.ts). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** What went wrong, for translation (`duplicate`, `in_use`, ...); the English `detail` otherwise. */
  code?: string;
  /** The figures of `code` (the phase an order is in, the statuses of a refused move...). */
  params?: Record<string, unknown>;
  errors?: FieldProblem[];
}

/**
 * A failed REST call the panel makes with `fetch` (an upload): the HTTP status (0 when
 * the network failed) and the problem the server answered, if it answered one.
 */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
    message: string,
  ) {
    super(message);
    this.name = "RestError";
  }

  /** The error of a refused answer, from its problem+json body (if it has one). */
  static async of(response: Response): Promise<RestError> {
    const body: unknown = await response.json().catch(() => null);
    const problem = isProblem(body) ? body : undefined;
    return new RestError(response.status, problem, problem?.detail || problem?.title || response.statusText);
  }
}

function isProblem(body: unknown): body is Problem {
  return typeof body === "object" && body !== null && "status" in body && typeof body.status === "number" && "title" in body;
}

/** The problem of a failed call (a tRPC error's `error.data.problem`, a REST call's body), if any. */
export function problemOf(error: unknown): Problem | undefined {
  if (error instanceof RestError) return error.problem;
  if (!(error instanceof TRPCClientError)) return undefined;
  const problem = (error.data as { problem?: Problem } | undefined)?.problem;
  return problem && typeof problem.status === "number" ? problem : undefined;
}

/** The status of a failed call: the problem's, else 0 (network failure). */
export function statusOf(error: unknown): number {
  return problemOf(error)?.status ?? (error instanceof RestError ? error.status : 0);
}

export interface ProblemMessages {
  /** A sentence a person can read for any failure, in the active language when the server gave a code. */
  message: (error: unknown) => string;
  /** The one way the panel reports a failed call: a toast titled by the status, with the detail. */
  toastError: (error: unknown) => void;
}

/**
 * How the panel words failed calls. `labels` names the fields of what was sent (e.g.
 * "orders.fields"): a 422 then says which fields failed and why, in the active language.
 */
export function useProblemMessages(labels?: string): ProblemMessages {
  const t = useTranslations("problem");
  const fields = useFormMessages(labels);
  return useMemo(() => {
    const has = (key: string) => t.has(key as never);
    const say = (key: string, values?: Record<string, string | number>) => t(key as never, values as never);
    // A code's scalar figures fill its message ({phase}, {from}, {to}); lists and objects are left out.
    const valuesOf = (params: Record<string, unknown> | undefined) =>
      Object.fromEntries(
        Object.entries(params ?? {}).filter((entry): entry is [string, string | number] => ["string", "number"].includes(typeof entry[1])),
      );
    const message = (error: unknown) => {
      const problem = problemOf(error);
      if (problem) {
        // Each field that failed, in the active language (the English detail says the same).
        if (problem.errors?.length) {
          return problem.errors
            .map((issue) => `${fields.label(issue.path)}: ${fields.issue({ ...issue.params, message: issue.message, code: issue.code })}`)
            .join("; ");
        }
        // The refusal by its code, in the active language; never the server's English detail.
        if (problem.code && has(`codes.${problem.code}`)) return say(`codes.${problem.code}`, valuesOf(problem.params));
        return has(`status.${problem.status}`) ? say(`status.${problem.status}`) : say("generic");
      }
      if (error instanceof RestError || (error instanceof TRPCClientError && /fetch|network/i.test(error.message))) return say("network");
      return say("generic");
    };
    return {
      message,
      toastError: (error) => {
        const status = problemOf(error)?.status;
        const title = status && has(`status.${status}`) ? say(`status.${status}`) : undefined;
        if (title) toast.error(title, { description: message(error) });
        else toast.error(message(error));
      },
    };
  }, [t, fields]);
}
