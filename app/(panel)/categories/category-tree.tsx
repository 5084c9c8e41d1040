"use client";

import { ChevronDownIcon, ChevronRightIcon, ChevronsDownUpIcon, ChevronsUpDownIcon, PlusIcon, SearchIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo, useState } from "react";
import { childrenByParent, visibleForFilter } from "@/components/catalog/category-tree";
import { deleteAction, editAction, RowActions } from "@/components/data-table";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { useProblemMessages } from "@/lib/problem";
import type { CategoryNode } from "@/server/catalog/categories/schemas";

export interface CategoryTreeProps {
  nodes: CategoryNode[] | undefined;
  error: unknown;
  onRetry: () => void;
  canManage: boolean;
  onDelete: (node: CategoryNode) => void;
}

/**
 * Every category as an indented tree: expand and collapse a branch, expand or collapse
 * all, and a filter that shows the matching categories with the branches leading to them.
 */
export function CategoryTree({ nodes, error, onRetry, canManage, onDelete }: CategoryTreeProps) {
  const t = useTranslations("categories");
  const common = useTranslations("common");
  const problems = useProblemMessages();
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [filter, setFilter] = useState("");
  const children = useMemo(() => childrenByParent(nodes ?? []), [nodes]);
  const visible = useMemo(() => visibleForFilter(nodes ?? [], filter), [nodes, filter]);

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (error && !nodes) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border bg-card p-6 text-sm">
        <p className="text-destructive">{problems.message(error)}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {common("tryAgain")}
        </Button>
      </div>
    );
  }

  const names = new Map((nodes ?? []).map((node) => [node.id, node.name]));
  const parentName = (id: string) => names.get(id) ?? "";

  const renderLevel = (parent: string, depth: number): React.ReactNode => {
    const level = (children.get(parent) ?? []).filter((node) => !visible || visible.has(node.id));
    if (level.length === 0) return null;
    return (
      <ul aria-label={depth === 0 ? t("treeLabel") : t("subcategoriesOf", { name: parentName(parent) })} className="grid">
        {level.map((node) => {
          const hasChildren = (children.get(node.id)?.length ?? 0) > 0;
          // A filter opens every branch on the way to a match.
          const open = hasChildren && (visible !== null || expanded.has(node.id));
          return (
            <li key={node.id}>
              <div
                className="flex items-center gap-1 border-b py-1 pr-2 hover:bg-muted/50"
                style={{ paddingLeft: `${depth * 1.5 + 0.5}rem` }}
              >
                {hasChildren ? (
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={open ? t("collapse", { name: node.name }) : t("expand", { name: node.name })}
                    aria-expanded={open}
                    onClick={() => toggle(node.id)}
                    disabled={visible !== null}
                  >
                    {open ? <ChevronDownIcon aria-hidden /> : <ChevronRightIcon aria-hidden />}
                  </Button>
                ) : (
                  <span className="size-8 shrink-0" aria-hidden />
                )}
                <Link
                  href={`/categories/${node.id}`}
                  className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
                >
                  {node.name}
                </Link>
                {!node.active && (
                  <Badge variant="muted" className="ml-2">
                    {common("inactive")}
                  </Badge>
                )}
                {hasChildren && <span className="ml-2 text-xs text-muted-foreground tabular-nums">{children.get(node.id)!.length}</span>}
                <div className="ml-auto">
                  <RowActions
                    label={node.name}
                    actions={[
                      { label: t("addSubcategory"), icon: PlusIcon, hidden: !canManage, href: `/categories/new?root_id=${node.id}` },
                      editAction(`/categories/${node.id}`, canManage),
                      deleteAction(canManage, () => onDelete(node)),
                    ]}
                  />
                </div>
              </div>
              {open && renderLevel(node.id, depth + 1)}
            </li>
          );
        })}
      </ul>
    );
  };

  const branches = [...children.entries()]
    .filter(([, list]) => list.length > 0)
    .map(([parent]) => parent)
    .filter(Boolean);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative w-full sm:max-w-xs">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            role="searchbox"
            aria-label={t("filterTreeLabel")}
            placeholder={t("filterTree")}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            className="pl-8"
          />
        </div>
        <div className="flex gap-2 sm:ml-auto">
          <Button variant="outline" size="sm" onClick={() => setExpanded(new Set(branches))} disabled={visible !== null}>
            <ChevronsUpDownIcon aria-hidden />
            {t("expandAll")}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setExpanded(new Set())} disabled={visible !== null}>
            <ChevronsDownUpIcon aria-hidden />
            {t("collapseAll")}
          </Button>
        </div>
      </div>
      <div className="overflow-hidden rounded-lg border bg-card text-sm">
        {!nodes ? (
          <div className="grid gap-2 p-3" role="status" aria-busy="true" aria-label={t("loadingTree")}>
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-6 w-full max-w-md" />
            ))}
          </div>
        ) : nodes.length === 0 ? (
          <p className="p-8 text-center text-muted-foreground">{t("empty")}</p>
        ) : visible?.size === 0 ? (
          <p className="p-8 text-center text-muted-foreground">{t("noMatch", { filter })}</p>
        ) : (
          renderLevel("", 0)
        )}
      </div>
    </div>
  );
}
