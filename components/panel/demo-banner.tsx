"use client";

import { useQueryClient } from "@tanstack/react-query";
import { LoaderCircleIcon, TriangleAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";

/** How often the banner asks how far the demo data is while it is written. */
const POLL_MS = 3_000;

/**
 * A thin bar under the header while a first start writes the demo data in the background
 * (server/organizations/demo-data.ts): what it is writing and how far it is. When it is
 * done the bar goes and every list on screen is read again, so the page shows the demo.
 * Nothing at all for an org whose demo is written, or that has none.
 */
export function DemoBanner() {
  const t = useTranslations("demo");
  const format = useFormat();
  const queryClient = useQueryClient();
  const demo = trpc.organization.demo.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.status === "RUNNING" ? POLL_MS : false),
    refetchOnWindowFocus: false,
  });
  const status = demo.data?.status;
  const was = useRef(status);
  useEffect(() => {
    if (was.current === "RUNNING" && status === "DONE") void queryClient.invalidateQueries();
    was.current = status;
  }, [status, queryClient]);
  if (!demo.data || status === "DONE") return null;
  const { stage, done, total, step, steps } = demo.data;
  const stageWords = t(`stages.${stage}`);
  if (status === "FAILED") {
    return (
      <div
        role="alert"
        className="flex items-center gap-2 border-b bg-amber-50 px-4 py-1.5 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100 md:px-6"
      >
        <TriangleAlertIcon className="size-4 shrink-0" aria-hidden />
        <span className="min-w-0">{t("failed", { stage: stageWords })}</span>
      </div>
    );
  }
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b bg-muted/60 px-4 py-1.5 text-sm text-muted-foreground md:px-6"
    >
      <LoaderCircleIcon className="size-4 shrink-0 animate-spin motion-reduce:animate-none" aria-hidden />
      <span className="min-w-0">
        {t("running")}{" "}
        <span className="text-foreground">{total > 1 ? t("stageCount", { stage: stageWords, done, total }) : stageWords}</span>
      </span>
      <progress
        className="h-1.5 w-24 shrink-0 accent-primary"
        max={steps}
        value={step}
        aria-label={t("progress", { percent: format.percent(Math.round((step / steps) * 100)) })}
      />
    </div>
  );
}
