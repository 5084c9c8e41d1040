"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { UseLookupOptions } from "@/components/catalog/lookup-field";
import { withSelected } from "@/components/catalog/lookups";
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

/** Partners matching what was typed (by name, CNPJ/CPF, phone...), the chosen one kept among them: a list filter over every partner. */
export const usePartnerLookup: UseLookupOptions = (search, selected) => {
  const t = useTranslations("common");
  const list = trpc.partners.list.useQuery({ search, perPage: 50, sort: "name" }, { placeholderData: keepPreviousData });
  const listed = list.data?.items.some((item) => item.id === selected);
  const current = trpc.partners.get.useQuery({ id: selected ?? "" }, { enabled: Boolean(selected) && list.isSuccess && !listed });
  const label = (partner: { name: string; active: boolean }) =>
    partner.active ? partner.name : t("inactiveOption", { name: partner.name });
  const options = (list.data?.items ?? []).map((item) => ({ value: item.id, label: label(item) }));
  return {
    options: withSelected(options, current.data && { value: current.data.id, label: label(current.data) }),
    isLoading: list.isPending,
  };
};
