"use client";

import { MoreHorizontalIcon } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";

export interface RowAction {
  label: string;
  icon?: React.ComponentType<{ className?: string }>;
  /** A link (e.g. the edit page) or a handler (e.g. open the delete dialog). */
  href?: string;
  onSelect?: () => void;
  destructive?: boolean;
  /** Left out, e.g. for a role that may not do it. */
  hidden?: boolean;
}

/** The "…" menu at the end of a table row. */
export function RowActions({ label, actions }: { /** Names the row: "Actions for {label}". */ label: string; actions: RowAction[] }) {
  const visible = actions.filter((action) => !action.hidden);
  if (visible.length === 0) return null;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${label}`}>
          <MoreHorizontalIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {visible.map(({ label: text, icon: Icon, href, onSelect, destructive }) => (
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
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
