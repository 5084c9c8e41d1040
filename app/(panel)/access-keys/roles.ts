"use client";

import { useTranslations } from "next-intl";
import type { RoleName } from "@/server/auth/schemas";

const roles: readonly RoleName[] = ["VIEWER", "SELLER", "MANAGER", "ADMIN"];

/** The roles as choices, each with what it may do ("Gerente: também catálogo, ..."). */
export function useRoleOptions(withDescription = true): Array<{ value: RoleName; label: string }> {
  const t = useTranslations("enums");
  return roles.map((value) => ({
    value,
    label: withDescription ? `${t(`role.${value}`)}: ${t(`roleDescription.${value}`)}` : t(`role.${value}`),
  }));
}
