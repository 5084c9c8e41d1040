"use client";

import { MoreHorizontalIcon, PencilIcon, PowerIcon, PowerOffIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";

/** The common actions, labelled by RowActions in the active language. */
type CommonAction = "edit" | "view" | "enable" | "disable" | "delete" | "revoke";

export interface RowAction {
  /** The label of an action of its own; common ones name their `kind` instead. */
  label?: string;
  kind?: CommonAction;
  icon?: React.ComponentType<{ className?: string }>;
  /** A link (e.g. the edit page) or a handler (e.g. open the delete dialog). */
  href?: string;
  onSelect?: () => void;
  destructive?: boolean;
  /** Left out, e.g. for a role that may not do it. */
  hidden?: boolean;
}

/** "Edit" the record at `href`, or "View" it for a role that may not write. */
export function editAction(href: string, canWrite: boolean): RowAction {
  return { kind: canWrite ? "edit" : "view", icon: PencilIcon, href };
}

/** "Disable" or "Enable", by the record's state; left out for a role that may not write. */
export function toggleActiveAction(active: boolean, canWrite: boolean, onSelect: () => void): RowAction {
  return { kind: active ? "disable" : "enable", icon: active ? PowerOffIcon : PowerIcon, hidden: !canWrite, onSelect };
}

/** "Delete" (e.g. opening the confirmation); left out for a role that may not write. */
export function deleteAction(canWrite: boolean, onSelect: () => void): RowAction {
  return { kind: "delete", icon: Trash2Icon, destructive: true, hidden: !canWrite, onSelect };
}

/** The "…" menu at the end of a table row. */
export function RowActions({ label, actions }: { /** Names the row: "Actions for {label}". */ label: string; actions: RowAction[] }) {
  const t = useTranslations();
  const visible = actions.filter((action) => !action.hidden);
  if (visible.length === 0) return null;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={t("table.actionsFor", { label })}>
          <MoreHorizontalIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {visible.map(({ label: own, kind, icon: Icon, href, onSelect, destructive }) => {
          const text = own ?? (kind ? t(`common.${kind}`) : "");
          return (
            <DropdownMenuItem key={text} variant={destructive ? "destructive" : "default"} onSelect={onSelect} asChild={Boolean(href)}>
              {href ? (
                <Link href={href}>
                  {Icon && <Icon aria-hidden />}
                  {text}
                </Link>
              ) : (
                <>
                  {Icon && <Icon aria-hidden />}
                  {text}
                </>
              )}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
