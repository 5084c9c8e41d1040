"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { trpc } from "@/lib/trpc";
import { normalize } from "./category-tree";
import type { LookupOption, UseLookupOptions } from "./lookup-field";

const CHOICES = 50;

/** The chosen record stays among the options even when the filter leaves it out. */
export function withSelected(options: LookupOption[], selected: LookupOption | undefined): LookupOption[] {
  return selected && !options.some((option) => option.value === selected.value) ? [selected, ...options] : options;
}

export const productLabel = (product: { name: string; sku: string }) => `${product.name} (${product.sku})`;
export const unitLabel = (unit: { abbreviation: string; description: string }) => `${unit.abbreviation} — ${unit.description}`;

export const useProductOptions: UseLookupOptions = (search, selected) => {
  const list = trpc.products.list.useQuery({ search, perPage: CHOICES, sort: "name" }, { placeholderData: keepPreviousData });
  const listed = list.data?.items.some((item) => item.id === selected);
  const current = trpc.products.get.useQuery({ id: selected ?? "" }, { enabled: Boolean(selected) && list.isSuccess && !listed });
  const options = (list.data?.items ?? []).map((item) => ({ value: item.id, label: productLabel(item) }));
  return {
    options: withSelected(options, current.data && { value: current.data.id, label: productLabel(current.data) }),
    isLoading: list.isPending,
  };
};

export const useMeasureUnitOptions: UseLookupOptions = (search, selected) => {
  const t = useTranslations("common");
  const list = trpc.measureUnits.list.useQuery({ search, perPage: CHOICES, sort: "abbreviation" }, { placeholderData: keepPreviousData });
  const listed = list.data?.items.some((item) => item.id === selected);
  const current = trpc.measureUnits.get.useQuery({ id: selected ?? "" }, { enabled: Boolean(selected) && list.isSuccess && !listed });
  const options = (list.data?.items ?? []).map((item) => ({
    value: item.id,
    label: item.active ? unitLabel(item) : t("inactiveOption", { name: unitLabel(item) }),
  }));
  return {
    options: withSelected(options, current.data && { value: current.data.id, label: unitLabel(current.data) }),
    isLoading: list.isPending,
  };
};

/**
 * Parent choices of a category: every category by its path ("Ferramentas › Elétricas"),
 * except `excluded` and its descendants (a category can't be its own ancestor).
 */
export function useParentOptions(excluded?: string): UseLookupOptions {
  return function useOptions(search, selected) {
    const tree = trpc.categories.tree.useQuery();
    const options = useMemo(() => {
      const nodes = tree.data ?? [];
      const byId = new Map(nodes.map((node) => [node.id, node]));
      const path = (id: string): string[] => {
        const names: string[] = [];
        for (let node = byId.get(id), depth = 0; node && depth < 100; node = node.root_id ? byId.get(node.root_id) : undefined, depth++) {
          if (node.id === excluded) return [];
          names.unshift(node.name);
        }
        return names;
      };
      const term = normalize(search);
      const all = nodes.map((node) => ({ value: node.id, label: path(node.id).join(" › ") })).filter((option) => option.label !== "");
      const matching = all
        .filter((option) => normalize(option.label).includes(term))
        .sort((a, b) => a.label.localeCompare(b.label))
        .slice(0, 200);
      return withSelected(
        matching,
        all.find((option) => option.value === selected),
      );
    }, [tree.data, search, selected]);
    return { options, isLoading: tree.isPending };
  };
}

export const useBrandOptions: UseLookupOptions = (search, selected) => {
  const t = useTranslations("common");
  const list = trpc.brands.list.useQuery({ search, perPage: CHOICES, sort: "name" }, { placeholderData: keepPreviousData });
  const listed = list.data?.items.some((item) => item.id === selected);
  const current = trpc.brands.get.useQuery({ id: selected ?? "" }, { enabled: Boolean(selected) && list.isSuccess && !listed });
  const options = (list.data?.items ?? []).map((item) => ({
    value: item.id,
    label: item.active ? item.name : t("inactiveOption", { name: item.name }),
  }));
  return {
    options: withSelected(options, current.data && { value: current.data.id, label: current.data.name }),
    isLoading: list.isPending,
  };
};

/** Every category by its path ("Ferramentas › Elétricas"), sorted by it. */
export function useCategoryPaths(): { paths: LookupOption[]; isLoading: boolean } {
  const tree = trpc.categories.tree.useQuery();
  const paths = useMemo(() => {
    const nodes = tree.data ?? [];
    const byId = new Map(nodes.map((node) => [node.id, node]));
    const path = (id: string): string[] => {
      const names: string[] = [];
      for (let node = byId.get(id), depth = 0; node && depth < 100; node = node.root_id ? byId.get(node.root_id) : undefined, depth++)
        names.unshift(node.name);
      return names;
    };
    return nodes.map((node) => ({ value: node.id, label: path(node.id).join(" › ") })).sort((a, b) => a.label.localeCompare(b.label));
  }, [tree.data]);
  return { paths, isLoading: tree.isPending };
}
