"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ActiveBadge, RecordLink, ResourceListPage, useTableState } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { Badge } from "@/components/ui/badge";
import { useEnumLabel, useEnumOptions } from "@/lib/i18n";
import { trpc } from "@/lib/trpc";
import {
  entityAttributeListRecord,
  attributeEntities,
  type AttributeEntity,
  type EntityAttributeListRecord,
} from "@/server/settings/entity-attributes/schemas";

const column = createColumnHelper<EntityAttributeListRecord>();
const isEntity = (value: string | undefined): value is AttributeEntity => attributeEntities.includes(value as AttributeEntity);

export function EntityAttributesList() {
  const t = useTranslations("customFields");
  const common = useTranslations("common");
  const entityLabel = useEnumLabel("attributeEntity");
  const typeLabel = useEnumLabel("attributeType");
  const entityOptions = useEnumOptions("attributeEntity", attributeEntities);
  const canManage = useCan("manage");
  const table = useTableState({ defaultSort: "label", filters: ["entity"] });
  const entity = isEntity(table.filters.entity) ? table.filters.entity : undefined;
  const list = trpc.entityAttributes.list.useQuery({ ...table.paging, entity }, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const remove = trpc.entityAttributes.remove.useMutation();
  const bulkSetActive = trpc.entityAttributes.bulkSetActive.useMutation();
  const bulkRemove = trpc.entityAttributes.bulkRemove.useMutation();
  const columns = useMemo(
    () => [
      column.accessor("label", {
        header: t("fields.label"),
        enableSorting: true,
        cell: ({ row, getValue }) => <RecordLink href={`/custom-fields/${row.original.id}`}>{getValue()}</RecordLink>,
      }),
      column.accessor("key", {
        header: t("fields.key"),
        enableSorting: true,
        cell: ({ getValue }) => <code className="font-mono text-xs">{getValue()}</code>,
      }),
      column.accessor("entity", { header: t("fields.entity"), enableSorting: true, cell: ({ getValue }) => entityLabel(getValue()) }),
      column.accessor("type", {
        header: t("fields.type"),
        enableSorting: true,
        cell: ({ row }) => (
          <span title={row.original.options.join(", ") || undefined}>
            {typeLabel(row.original.type)}
            {row.original.type === "SELECT" && <span className="text-muted-foreground"> ({row.original.options.length})</span>}
          </span>
        ),
      }),
      column.display({
        id: "flags",
        header: common("status"),
        cell: ({ row }) => (
          <div className="flex gap-1">
            <ActiveBadge active={row.original.active} />
            {row.original.required && <Badge variant="secondary">{t("fields.required")}</Badge>}
          </div>
        ),
      }),
    ],
    [t, common, entityLabel, typeLabel],
  );

  return (
    <ResourceListPage
      resource="customFields"
      path="/custom-fields"
      api="entity-attributes"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(entityAttributeListRecord.shape)}
      filters={[{ name: "entity", label: t("fields.entity"), options: entityOptions }]}
      describe={(definition) => t("describe", { label: definition.label, entity: entityLabel(definition.entity) })}
      rowLabel={(definition) => definition.label}
      canWrite={canManage}
      remove={(definition) => remove.mutateAsync({ id: definition.id })}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.entityAttributes.invalidate()}
    />
  );
}
