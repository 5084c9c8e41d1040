"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { agingBucket } from "@/server/finance/financials/schemas";

const keys = { current: "agingCurrent", "1-30": "aging1to30", "31-60": "aging31to60", "61-90": "aging61to90", "90+": "aging90plus" } as const;

/** How late a receivable is: current, or its aging bucket of days overdue. */
export function AgingBadge({ record }: { record: { due_date: string; overdue: boolean } }) {
  const t = useTranslations("financials");
  const bucket = agingBucket(record);
  return <Badge variant={bucket === "current" ? "muted" : "destructive"}>{t(keys[bucket])}</Badge>;
}
