"use client";

import { errorMessage, statusOf } from "@/lib/problem";
import { Button } from "@/components/ui/button";
import { PageHeader } from "./page-header";

/** A record page whose record could not be loaded: not found, forbidden or a failure. */
export function LoadFailure({ error, noun, back, onRetry }: { error: unknown; noun: string; back?: React.ReactNode; onRetry?: () => void }) {
  const status = statusOf(error);
  const title = status === 404 ? `This ${noun} does not exist` : status === 403 ? "Not allowed" : `Could not load the ${noun}`;
  return (
    <>
      <PageHeader title={title}>{back}</PageHeader>
      <div role="alert" className="flex flex-col items-start gap-3 text-sm text-muted-foreground">
        <p>{status === 404 ? `It may have been deleted, or the link is wrong.` : errorMessage(error)}</p>
        {status !== 404 && status !== 403 && onRetry && (
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        )}
      </div>
    </>
  );
}
