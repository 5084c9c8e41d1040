"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import {
  ActiveBadge,
  DataTable,
  deleteAction,
  editAction,
  FilterSelect,
  NewRecordLink,
  RowActions,
  useTableState,
  useBulkActions,
  toggleActiveAction,
} from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
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
  const remove = trpc.entityAttributes.remove.useMutation({ onSuccess: () => utils.entityAttributes.invalidate() });
  const confirmDelete = useConfirmDelete<EntityAttributeListRecord>({
    resource: "customFields",
    describe: (definition) => t("describe", { label: definition.label, entity: entityLabel(definition.entity) }),
    remove: (definition) => remove.mutateAsync({ id: definition.id }),
  });
  const bulkSetActive = trpc.entityAttributes.bulkSetActive.useMutation();
  const bulkRemove = trpc.entityAttributes.bulkRemove.useMutation();
  const bulk = useBulkActions<EntityAttributeListRecord>({
    resource: "customFields",
    describe: (definition) => t("describe", { label: definition.label, entity: entityLabel(definition.entity) }),
    canWrite: canManage,
    setActive: bulkSetActive.mutateAsync,
    remove: bulkRemove.mutateAsync,
    onDone: () => utils.entityAttributes.invalidate(),
  });
  const columns = useMemo(
    () => [
      column.accessor("label", {
        header: t("fields.label"),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          <Link
            href={`/custom-fields/${row.original.id}`}
            className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
          >
            {getValue()}
          </Link>
        ),
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
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={canManage && <NewRecordLink href="/custom-fields/new">{t("new")}</NewRecordLink>}
      />
      <DataTable
        label={t("title")}
        columns={columns}
        state={table}
        query={list}
        rowHref={(definition) => `/custom-fields/${definition.id}`}
        search={t("search")}
        filters={
          <FilterSelect
            label={t("fields.entity")}
            value={entity}
            onChange={(value) => table.setFilter("entity", value)}
            options={entityOptions}
          />
        }
        rowActions={(definition) => (
          <RowActions
            label={definition.label}
            actions={[
              editAction(`/custom-fields/${definition.id}`, canManage),
              toggleActiveAction(definition.active, canManage, () => bulk.toggle(definition)),
              deleteAction(canManage, () => confirmDelete.request(definition)),
            ]}
          />
        )}
        emptyMessage={t("empty")}
        selection={bulk.selection}
        views="entity-attributes"
        exportAs={{ resource: "entity-attributes", fields: Object.keys(entityAttributeListRecord.shape), filters: table.filters }}
      />
      {confirmDelete.dialog}
      {bulk.dialogs}
    </>
  );
}
