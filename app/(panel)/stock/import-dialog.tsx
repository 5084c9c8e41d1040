"use client";

import { DownloadIcon, Loader2Icon, TriangleAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { toast } from "sonner";
import { productNameOf } from "@/components/stock/quantity";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormat } from "@/lib/format";
import { parseDecimal } from "@/lib/numbers";
import { useProblemMessages } from "@/lib/problem";
import { trpc, type RouterOutputs } from "@/lib/trpc";
import { MAX_DECIMALS } from "@/server/catalog/measure-units/schemas";
import type { StockOverrideInput, StockRecord } from "@/server/stock/stock/schemas";

const COLUMNS = ["company_id", "warehouse_id", "product_id", "product_variation_id", "total", "reserved"] as const;
const REQUIRED = ["company_id", "warehouse_id", "product_id", "total"] as const;

/** The separator of a CSV text: a semicolon when its first line has more of them than commas. */
function separatorOf(text: string): ";" | "," {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  return (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
}

/** Rows of a CSV text (comma or semicolon separated, quotes as RFC 4180). */
export function parseCsv(text: string): string[][] {
  const separator = separatorOf(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index++;
      row.push(cell);
      if (row.some((value) => value.trim() !== "")) rows.push(row);
      row = [];
      cell = "";
    } else cell += char;
  }
  row.push(cell);
  if (row.some((value) => value.trim() !== "")) rows.push(row);
  return rows;
}

/**
 * A figure as the file writes it (lib/numbers): a semicolon-separated file is a Brazilian
 * spreadsheet's (1.234,5), a comma-separated one writes 1234.5 (as the template does).
 * Null when blank, undefined when not a number.
 */
function figure(text: string, separator: ";" | ","): number | null | undefined {
  const parsed = parseDecimal(text, separator === ";" ? "pt-BR" : "en", { decimals: MAX_DECIMALS });
  return parsed.ok ? parsed.value : undefined;
}

const csvCell = (value: string | number | null) => {
  const text = value === null ? "" : String(value);
  return /[",;\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The template: the records listed now, with their figures, ready to change. */
function template(records: StockRecord[]): string {
  const header = [...COLUMNS, "product", "sku", "warehouse", "company"];
  const lines = records.map((record) =>
    [
      record.company.id,
      record.warehouse.id,
      record.product.id,
      record.product.product_variation_id,
      record.total,
      record.reserved,
      productNameOf(record),
      record.product.sku,
      record.warehouse.name,
      record.company.name,
    ]
      .map(csvCell)
      .join(","),
  );
  return [header.join(","), ...lines].join("\n") + "\n";
}

type Preview = RouterOutputs["stock"]["previewOverride"];
interface LineError {
  line: number;
  messages: string[];
}

/**
 * The bulk override from a CSV file: choose the file, see every line's change and every
 * line's errors (checked by the server, nothing written), then apply all lines in one
 * transaction.
 */
export function ImportDialog({
  open,
  onOpenChange,
  records,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  records: StockRecord[];
}) {
  const t = useTranslations("stock");
  const common = useTranslations("common");
  const fields = useTranslations("stock.fields");
  const format = useFormat();
  const problems = useProblemMessages();
  const fileId = useId();
  const utils = trpc.useUtils();
  const previewOverride = trpc.stock.previewOverride.useMutation();
  const override = trpc.stock.override.useMutation({ onSuccess: () => utils.stock.invalidate() });
  const [request, setRequest] = useState<StockOverrideInput | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [errors, setErrors] = useState<LineError[]>([]);
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  const reset = () => {
    setRequest(null);
    setPreview(null);
    setErrors([]);
    setFileProblem(null);
  };

  const read = async (file: File) => {
    reset();
    const text = await file.text();
    const separator = separatorOf(text);
    const rows = parseCsv(text);
    const [header, ...lines] = rows;
    if (!header || lines.length === 0) return setFileProblem(t("emptyFile"));
    const names = header.map((name) => name.trim().toLowerCase());
    const missing = REQUIRED.filter((name) => !names.includes(name));
    if (missing.length > 0) return setFileProblem(t("missingColumns", { columns: missing.join(", ") }));
    const at = (line: string[], name: string) => line[names.indexOf(name)]?.trim() ?? "";
    const local: LineError[] = [];
    const items = lines.map((line, index) => {
      const total = figure(at(line, "total"), separator);
      const reserved = names.includes("reserved") ? figure(at(line, "reserved"), separator) : null;
      const bad = [
        ...(total === undefined || total === null ? [`${fields("total")}: ${t("notANumber")}`] : []),
        ...(reserved === undefined ? [`${fields("reserved")}: ${t("notANumber")}`] : []),
      ];
      if (bad.length > 0) local.push({ line: index + 2, messages: bad });
      return {
        company_id: at(line, "company_id"),
        warehouse_id: at(line, "warehouse_id"),
        product_id: at(line, "product_id"),
        product_variation_id: at(line, "product_variation_id") || null,
        total: total ?? 0,
        reserved: reserved ?? null,
      };
    });
    if (local.length > 0) return setErrors(local);
    const next = { items, reason: file.name };
    try {
      const planned = await previewOverride.mutateAsync(next);
      setRequest(next);
      setPreview(planned);
      setErrors(lineErrors(planned.errors));
    } catch (error) {
      const problem = (error as { data?: { problem?: { errors?: Preview["errors"] } } }).data?.problem;
      if (problem?.errors?.length) setErrors(lineErrors(problem.errors));
      else problems.toastError(error);
    }
  };

  /** Errors by line of the file (its header is line 1). */
  const lineErrors = (list: Preview["errors"]): LineError[] => {
    const byLine = new Map<number, string[]>();
    for (const error of list) {
      const [, index, field] = /^items\.(\d+)\.?(.*)$/.exec(error.path) ?? [];
      const line = index === undefined ? 1 : Number(index) + 2;
      const label = field && fields.has(field as never) ? fields(field as never) : field;
      byLine.set(line, [...(byLine.get(line) ?? []), label ? `${label}: ${error.message}` : error.message]);
    }
    return [...byLine.entries()].sort(([a], [b]) => a - b).map(([line, messages]) => ({ line, messages }));
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([template(records)], { type: "text/csv;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "stock.csv";
    link.click();
    URL.revokeObjectURL(url);
  };

  const apply = async () => {
    if (!request) return;
    try {
      const saved = await override.mutateAsync(request);
      toast.success(t("applied", { count: saved.length }));
      reset();
      onOpenChange(false);
    } catch (error) {
      problems.toastError(error);
    }
  };

  const number = (value: number) => format.number(value, { maxDecimals: 6 });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t("importTitle")}</DialogTitle>
          <DialogDescription>{t("importDescription")}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <label htmlFor={fileId} className="text-sm font-medium">
              {t("file")}
            </label>
            <Input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void read(file);
              }}
            />
          </div>
          <Button variant="outline" type="button" onClick={download}>
            <DownloadIcon aria-hidden />
            {t("template")}
          </Button>
          {previewOverride.isPending && <Loader2Icon className="animate-spin" aria-label={common("loading")} />}
        </div>
        {fileProblem && (
          <p role="alert" className="text-sm text-destructive">
            {fileProblem}
          </p>
        )}
        {errors.length > 0 && (
          <div role="alert" className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
            <p className="flex items-center gap-2 font-medium">
              <TriangleAlertIcon className="size-4" aria-hidden />
              {t("lineErrors", { count: errors.length })}
            </p>
            <ul className="grid gap-1">
              {errors.map((error) => (
                <li key={error.line}>
                  <strong>{t("line", { line: error.line })}</strong>: {error.messages.join("; ")}
                </li>
              ))}
            </ul>
          </div>
        )}
        {preview && errors.length === 0 && (
          <div className="max-h-80 overflow-auto">
            <Table>
              <caption className="sr-only">{t("preview")}</caption>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("line", { line: "#" })}</TableHead>
                  <TableHead>{fields("product")}</TableHead>
                  <TableHead>{fields("total")}</TableHead>
                  <TableHead>{fields("reserved")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {preview.items.map((item) => (
                  <TableRow key={item.index}>
                    <TableCell className="tabular-nums">{item.index + 2}</TableCell>
                    <TableCell>
                      {item.record ? `${productNameOf(item.record)} · ${item.record.warehouse.name}` : <em>{t("newRecord")}</em>}
                    </TableCell>
                    <TableCell className="tabular-nums">
                      {number(item.total_before)} → <strong>{number(item.total_after)}</strong>
                    </TableCell>
                    <TableCell className="tabular-nums">
                      {number(item.reserved_before)} → <strong>{number(item.reserved_after)}</strong>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {common("cancel")}
          </Button>
          <Button onClick={() => void apply()} disabled={!preview || errors.length > 0 || override.isPending}>
            {override.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
            {t("apply", { count: preview?.items.length ?? 0 })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
