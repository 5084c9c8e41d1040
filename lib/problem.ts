import { TRPCClientError } from "@trpc/client";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { toast } from "sonner";

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
  errors?: FieldProblem[];
}

/** The problem inside a tRPC error (`error.data.problem`), if any. */
export function problemOf(error: unknown): Problem | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const problem = (error.data as { problem?: Problem } | undefined)?.problem;
  return problem && typeof problem.status === "number" ? problem : undefined;
}

/** The status of a failed call: the problem's, else 0 (network failure). */
export function statusOf(error: unknown): number {
  return problemOf(error)?.status ?? 0;
}

export interface ProblemMessages {
  /** A sentence a person can read for any failure, in the active language when the server gave a code. */
  message: (error: unknown) => string;
  /** The one way the panel reports a failed call: a toast titled by the status, with the detail. */
  toastError: (error: unknown) => void;
}

export function useProblemMessages(): ProblemMessages {
  const t = useTranslations("problem");
  return useMemo(() => {
    const has = (key: string) => t.has(key as never);
    const say = (key: string) => t(key as never);
    const message = (error: unknown) => {
      const problem = problemOf(error);
      if (problem) {
        if (problem.code && has(`codes.${problem.code}`)) return say(`codes.${problem.code}`);
        return problem.detail || problem.title;
      }
      if (error instanceof TRPCClientError && /fetch|network/i.test(error.message)) return say("network");
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
  }, [t]);
}
