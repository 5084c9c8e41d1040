"use client";

import { useTranslations } from "next-intl";
import { trpc } from "@/lib/trpc";

/** At most this many choices are offered in a reference select or a list filter. */
const MAX_OPTIONS = 100;
const staleTime = 30_000;

/** Profiles, sellers, companies and users as {value, label} choices for selects and filters. */
export function useProfileOptions() {
  const query = trpc.profiles.list.useQuery({ perPage: MAX_OPTIONS, sort: "name" }, { staleTime });
  return { options: (query.data?.items ?? []).map((item) => ({ value: item.id, label: item.name })), loading: query.isPending };
}

export function useSellerOptions() {
  const t = useTranslations("common");
  const query = trpc.sellers.list.useQuery({ perPage: MAX_OPTIONS, sort: "name" }, { staleTime });
  return {
    options: (query.data?.items ?? []).map((item) => ({
      value: item.id,
      label: item.active ? item.name : t("inactiveOption", { name: item.name }),
    })),
    loading: query.isPending,
  };
}

/** The org's companies; `defaultId` is the one orders without a company take stock from (contract §10). */
export function useCompanyOptions() {
  const query = trpc.companies.list.useQuery({ perPage: MAX_OPTIONS, sort: "name" }, { staleTime });
  const items = query.data?.items ?? [];
  return {
    options: items.map((item) => ({ value: item.id, label: item.name })),
    loading: query.isPending,
    defaultId: items.find((item) => item.is_default)?.id ?? null,
  };
}

/** The org's active warehouses; `defaultId` is where items without a warehouse take stock from (contract §10). */
export function useWarehouseOptions() {
  const query = trpc.warehouses.list.useQuery({ perPage: MAX_OPTIONS, sort: "name", active: true }, { staleTime });
  const items = query.data?.items ?? [];
  return {
    options: items.map((item) => ({ value: item.id, label: item.name })),
    loading: query.isPending,
    defaultId: items.find((item) => item.is_default)?.id ?? null,
  };
}

/** Users are listed to admins only: other roles get no choices. */
export function useUserOptions(enabled: boolean) {
  const query = trpc.users.list.useQuery({ perPage: MAX_OPTIONS, sort: "name" }, { staleTime, enabled });
  return {
    options: (query.data?.items ?? []).map((item) => ({ value: item.id, label: `${item.name} <${item.email}>` })),
    loading: enabled && query.isPending,
  };
}
