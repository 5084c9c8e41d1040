"use client";

import { trpc } from "@/lib/trpc";

/** The org's FINANCIAL statuses (titles and colours of receivables), by id. */
export function useFinancialStatuses() {
  const statuses = trpc.statuses.list.useQuery({ type: "FINANCIAL", perPage: 100, sort: "order" }, { staleTime: 60_000 });
  const items = statuses.data?.items ?? [];
  return { items, byId: new Map(items.map((status) => [status.id, status])) };
}
