"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { FolderTreeIcon, PlusIcon, TableIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo } from "react";
import {
  ActiveBadge,
  booleanFilter,
  NewRecordLink,
  RecordLink,
  ResourceList,
  useActiveFilter,
  useTableState,
} from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import { categoryListRecord, TOP_LEVEL, type CategoryListRecord } from "@/server/catalog/categories/schemas";
import { CategoryTree } from "./category-tree";

const column = createColumnHelper<CategoryListRecord>();

type View = "tree" | "table";

/** The categories as a tree (default) or as the searchable, sortable, paged table (`?view=table`). */
export function CategoriesList() {
  const t = useTranslations("categories");
  const canManage = useCan("manage");
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const view: View = params.get("view") === "table" ? "table" : "tree";
  const setView = (next: View) => router.replace(next === "table" ? `${pathname}?view=table` : pathname, { scroll: false });

  const tree = trpc.categories.tree.useQuery();
  const names = useMemo(() => new Map((tree.data ?? []).map((node) => [node.id, node.name])), [tree.data]);
  const utils = trpc.useUtils();
  const remove = trpc.categories.remove.useMutation({ onSuccess: () => utils.categories.invalidate() });
  const confirmDelete = useConfirmDelete<{ id: string; name: string }>({
    resource: "categories",
    describe: (category) => category.name,
    remove: (category) => remove.mutateAsync({ id: category.id }),
  });

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <>
            <div role="group" aria-label={t("view")} className="flex rounded-md border p-0.5">
              {(
                [
                  ["tree", t("tree"), FolderTreeIcon],
                  ["table", t("table"), TableIcon],
                ] as const
              ).map(([value, label, Icon]) => (
                <Button
                  key={value}
                  variant="ghost"
                  size="sm"
                  aria-pressed={view === value}
                  className={cn(view === value && "bg-accent")}
                  onClick={() => setView(value)}
                >
                  <Icon aria-hidden />
                  {label}
                </Button>
              ))}
            </div>
            {canManage && <NewRecordLink href="/categories/new">{t("new")}</NewRecordLink>}
          </>
        }
      />
      {view === "tree" ? (
        <CategoryTree
          nodes={tree.data}
          error={tree.error}
          onRetry={() => tree.refetch()}
          canManage={canManage}
          onDelete={confirmDelete.request}
        />
      ) : (
        <CategoriesTable names={names} canManage={canManage} />
      )}
      {confirmDelete.dialog}
    </>
  );
}

function CategoriesTable({ names, canManage }: { names: Map<string, string>; canManage: boolean }) {
  const t = useTranslations("categories");
  const common = useTranslations("common");
  const activeFilter = useActiveFilter();
  const table = useTableState({ defaultSort: "name", filters: ["root_id", "active"] });
  const list = trpc.categories.list.useQuery(
    { ...table.paging, root_id: table.filters.root_id, active: booleanFilter(table.filters.active) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const bulkSetActive = trpc.categories.bulkSetActive.useMutation();
  const bulkRemove = trpc.categories.bulkRemove.useMutation();
  const remove = trpc.categories.remove.useMutation();
  const parentOptions = useMemo(
    () => [
      { value: TOP_LEVEL, label: t("topLevel") },
      ...[...names.entries()].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label)),
    ],
    [names, t],
  );
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t("fields.name"),
        enableSorting: true,
        cell: ({ row, getValue }) => <RecordLink href={`/categories/${row.original.id}`}>{getValue()}</RecordLink>,
      }),
      column.accessor("root_id", {
        header: t("fields.root_id"),
        cell: ({ getValue }) => {
          const parent = getValue();
          return parent ? (names.get(parent) ?? "…") : <span className="text-muted-foreground">{t("topLevel")}</span>;
        },
      }),
      column.accessor("order", {
        header: t("fields.order"),
        enableSorting: true,
        cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span>,
      }),
      column.accessor("seo_title", {
        header: t("fields.seo_title"),
        enableSorting: true,
        cell: ({ getValue }) => getValue() ?? <span className="text-muted-foreground">—</span>,
      }),
      column.accessor("active", {
        header: common("status"),
        enableSorting: true,
        cell: ({ getValue }) => <ActiveBadge active={getValue()} />,
      }),
    ],
    [names, t, common],
  );
  return (
    <ResourceList
      resource="categories"
      path="/categories"
      table={table}
      query={list}
      columns={columns}
      fields={Object.keys(categoryListRecord.shape)}
      filters={[{ name: "root_id", label: t("fields.root_id"), options: parentOptions, allLabel: common("any") }, activeFilter]}
      describe={(category) => category.name}
      canWrite={canManage}
      remove={(category) => remove.mutateAsync({ id: category.id })}
      bulkSetActive={bulkSetActive.mutateAsync}
      bulkRemove={bulkRemove.mutateAsync}
      onChange={() => utils.categories.invalidate()}
      actions={(category) => [
        { label: t("addSubcategory"), icon: PlusIcon, hidden: !canManage, href: `/categories/new?root_id=${category.id}` },
      ]}
    />
  );
}
