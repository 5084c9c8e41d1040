"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ActiveBadge, booleanFilter, RecordLink, ResourceListPage, useActiveFilter, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { Button } from "@/components/ui/button";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { taxRule, type TaxRuleDetail } from "@/server/taxes/rules/schemas";

const column = createColumnHelper<TaxRuleDetail>();

/** "Regras de tributação": the org's tax rules, searchable and sortable, with the UF table and settings a link away. */
export function TaxRulesList() {
  const t = useTranslations("taxRules");
  const common = useTranslations("common");
  const format = useFormat();
  const canManage = useCan("manage");
  const activeFilter = useActiveFilter();
  const table = useTableState({ defaultSort: "name", filters: ["active"] });
  const list = trpc.taxRules.list.useQuery(
    { ...table.paging, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.taxRules.remove.useMutation();
  const bulkSetActive = trpc.taxRules.bulkSetActive.useMutation();
  const bulkRemove = trpc.taxRules.bulkRemove.useMutation();
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => <RecordLink href={`/tax-rules/${row.original.id}`}>{getValue()}</RecordLink>,
      }),
      column.accessor("tax", { header: t("fields.tax"), enableSorting: true, cell: ({ getValue }) => t(`taxes.${getValue()}`) }),
      column.display({
        id: "code",
        header: t("fields.cst"),
        cell: ({ row }) => (
          <span className="font-mono text-xs">{[row.original.cst, row.original.csosn].filter(Boolean).join(" / ") || "—"}</span>
        ),
      }),
      column.display({
        id: "rate",
        header: t("fields.rate"),
        cell: ({ row }) => {
          const rate = row.original.rate ?? row.original.pis_rate ?? row.original.ibs_rate;
          return <span className="tabular-nums">{rate === null ? "—" : format.percent(rate)}</span>;
        },
      }),
      column.display({
        id: "matchers",
        header: t("matchers"),
        cell: ({ row }) => {
          const rule = row.original;
          const parts = [
            rule.origin_states.length ? `${t("from")} ${rule.origin_states.join(", ")}` : null,
            rule.destination_states.length ? `${t("to")} ${rule.destination_states.join(", ")}` : null,
            rule.ncm_prefixes.length ? `NCM ${rule.ncm_prefixes.join(", ")}` : null,
            rule.cest ? `CEST ${rule.cest}` : null,
          ].filter(Boolean);
          return <span className="text-sm">{parts.join(" · ") || t("everything")}</span>;
        },
      }),
      column.accessor("start_date", {
        header: t("fields.start_date"),
        enableSorting: true,
        cell: ({ getValue }) => (getValue() ? format.date(getValue()!) : "—"),
      }),
      column.accessor("active", {
        header: common("status"),
        enableSorting: false,
        cell: ({ getValue }) => <ActiveBadge active={getValue()} />,
      }),
    ],
    [t, common, format],
  );
  return (
    <>
      <div className="mb-2 flex justify-end">
        <Button asChild variant="outline">
          <Link href="/tax-settings">{t("statesAndSettings")}</Link>
        </Button>
      </div>
      <ResourceListPage
        resource="taxRules"
        path="/tax-rules"
        table={table}
        query={list}
        columns={columns}
        fields={Object.keys(taxRule.shape)}
        filters={[activeFilter]}
        describe={(rule) => rule.name}
        canWrite={canManage}
        remove={(rule) => remove.mutateAsync({ id: rule.id })}
        bulkSetActive={bulkSetActive.mutateAsync}
        bulkRemove={bulkRemove.mutateAsync}
        onChange={() => utils.taxRules.invalidate()}
      />
    </>
  );
}
