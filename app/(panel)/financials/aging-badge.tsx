"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { agingBucket, agingMessage } from "@/server/finance/financials/schemas";

/** How late a receivable is: current, or its aging bucket of days overdue. */
export function AgingBadge({ record }: { record: { due_date: string; overdue: boolean } }) {
  const t = useTranslations("financials");
  const bucket = agingBucket(record);
  return <Badge variant={bucket === "current" ? "muted" : "destructive"}>{t(agingMessage[bucket])}</Badge>;
}
