"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";

/** The Active/Inactive badge of a record: in list rows and next to a record page's title. */
export function ActiveBadge({ active }: { active: boolean }) {
  const t = useTranslations("common");
  return active ? <Badge variant="success">{t("active")}</Badge> : <Badge variant="muted">{t("inactive")}</Badge>;
}

/** Options of an `active` list filter (FilterSelect). */
export function useActiveOptions() {
  const t = useTranslations("common");
  return [
    { value: "true", label: t("active") },
    { value: "false", label: t("inactive") },
  ];
}
