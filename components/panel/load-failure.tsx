"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { statusOf, useProblemMessages } from "@/lib/problem";
import { PageHeader } from "./page-header";

/** A record page whose record could not be loaded: not found, forbidden or a failure. */
export function LoadFailure({ error, breadcrumbs, onRetry }: { error: unknown; breadcrumbs?: React.ReactNode; onRetry?: () => void }) {
  const t = useTranslations();
  const problems = useProblemMessages();
  const status = statusOf(error);
  const title = status === 404 ? t("record.notFound") : status === 403 ? t("record.notAllowed") : t("record.loadFailed");
  return (
    <>
      <PageHeader title={title}>{breadcrumbs}</PageHeader>
      <div role="alert" className="flex flex-col items-start gap-3 text-sm text-muted-foreground">
        <p>{status === 404 ? t("record.notFoundDescription") : problems.message(error)}</p>
        {status !== 404 && status !== 403 && onRetry && (
          <Button variant="outline" size="sm" onClick={onRetry}>
            {t("common.tryAgain")}
          </Button>
        )}
      </div>
    </>
  );
}
