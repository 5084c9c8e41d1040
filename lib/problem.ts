import { TRPCClientError } from "@trpc/client";
import { toast } from "sonner";

/** The RFC 9457 problem every server error carries (server/http/problem.ts). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: Array<{ path: string; message: string }>;
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

/** A sentence a person can read for any failure. */
export function errorMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  const problem = problemOf(error);
  if (problem) return problem.detail || problem.title;
  if (error instanceof TRPCClientError && /fetch|network/i.test(error.message)) {
    return "Cannot reach the server. Check your connection and try again.";
  }
  return fallback;
}

/** The one way the panel reports a failed call: a toast with the problem's detail. */
export function toastError(error: unknown, title?: string) {
  const message = errorMessage(error);
  if (title) toast.error(title, { description: message });
  else toast.error(message);
}
