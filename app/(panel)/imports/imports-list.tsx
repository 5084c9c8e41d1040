"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { RecordLink, ResourceListPage, useTableState } from "@/components/data-table";
import { Badge } from "@/components/ui/badge";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { importListRecord, IMPORT_SLUGS, IMPORT_STATUSES, type ImportListRecord } from "@/server/imports/schemas";

const column = createColumnHelper<ImportListRecord>();
const KINDS = IMPORT_SLUGS;

/** The org's imports (a SELLER's own), newest first: what each file did, who sent it. */
export function ImportsList() {
  const t = useTranslations("imports");
  const format = useFormat();
  const table = useTableState({ defaultSort: "created_at", defaultDir: "desc", filters: ["kind", "status"] });
  const list = trpc.imports.list.useQuery(
    {
      ...table.paging,
      kind: (table.filters.kind as (typeof KINDS)[number] | undefined) || undefined,
      status: (table.filters.status as (typeof IMPORT_STATUSES)[number] | undefined) || undefined,
    },
    { placeholderData: keepPreviousData },
  );
  const columns = useMemo(
    () => [
      column.accessor("file_name", {
        header: t("fields.file_name"),
        enableSorting: true,
        cell: ({ row, getValue }) => <RecordLink href={`/imports/${row.original.id}`}>{getValue()}</RecordLink>,
      }),
      column.accessor("kind", { header: t("fields.kind"), cell: ({ getValue }) => t(`kinds.${getValue() as (typeof KINDS)[number]}`) }),
      column.accessor("status", {
        header: t("fields.status"),
        enableSorting: true,
        cell: ({ getValue }) => (
          <Badge variant={getValue() === "FAILED" ? "destructive" : getValue() === "DONE" ? "secondary" : "outline"}>
            {t(`statuses.${getValue()}`)}
          </Badge>
        ),
      }),
      column.accessor("progress", {
        header: t("fields.progress"),
        cell: ({ getValue }) => <span className="tabular-nums">{format.number(getValue().rows_read)}</span>,
      }),
      column.accessor("counts", {
        header: t("fields.counts"),
        cell: ({ row }) => {
          const { result, counts } = row.original;
          return result
            ? `${t("result.created")} ${format.number(result.created)} · ${t("result.updated")} ${format.number(result.updated)}`
            : `${t("counts.create")} ${format.number(counts.create)} · ${t("counts.update")} ${format.number(counts.update)} · ${t("counts.invalid")} ${format.number(counts.invalid)}`;
        },
      }),
      column.accessor("created_by", { header: t("fields.created_by"), cell: ({ getValue }) => getValue().name ?? "—" }),
      column.accessor("created_at", {
        header: t("fields.created_at"),
        enableSorting: true,
        cell: ({ getValue }) => format.dateTime(getValue()),
      }),
    ],
    [t, format],
  );
  return (
    <ResourceListPage
      resource="imports"
      path="/imports"
      create={false}
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(importListRecord.shape)}
      filters={[
        { name: "kind", label: t("fields.kind"), options: KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })) },
        {
          name: "status",
          label: t("fields.status"),
          options: IMPORT_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
        },
      ]}
      describe={(record) => record.file_name}
      canWrite={false}
      edit={false}
    />
  );
}
