"use client";

import type { Column, Table } from "@tanstack/react-table";
import { Columns3Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

/** A column's name as text (a card's labels, the column chooser, the CSV): its meta label, its text header, else its id. */
export function columnLabel<Row>(column: Column<Row, unknown>): string {
  const header = column.columnDef.header;
  return column.columnDef.meta?.label ?? (typeof header === "string" ? header : column.id);
}

/** The columns a list shows (kept in the URL and in saved views); the first one names the row and stays. */
export function ColumnChooser<Row>({ table, onChange }: { table: Table<Row>; onChange: (columns: string[] | undefined) => void }) {
  const t = useTranslations("listTools");
  const all = table.getAllLeafColumns();
  const [first, ...rest] = all;
  const shown = (id: string) => table.getColumn(id)?.getIsVisible() ?? true;
  const toggle = (id: string, visible: boolean) => {
    const next = all
      .filter((column) => (column.id === id ? visible : column.id === first?.id || shown(column.id)))
      .map((column) => column.id);
    onChange(next.length === all.length ? undefined : next);
  };
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3Icon aria-hidden />
          {t("columns")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("columnsShown")}</DropdownMenuLabel>
        {rest.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={column.getIsVisible()}
            onCheckedChange={(value) => toggle(column.id, value === true)}
            onSelect={(event) => event.preventDefault()}
          >
            {columnLabel(column)}
          </DropdownMenuCheckboxItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onChange(undefined)}>{t("allColumns")}</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
