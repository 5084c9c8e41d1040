"use client";

import { DownloadIcon, Loader2Icon, TriangleAlertIcon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormMessages } from "@/components/resource-form/form-messages";
import { useFormat } from "@/lib/format";
import type { RouterOutputs } from "@/lib/trpc";

export type ImportRecord = RouterOutputs["imports"]["get"];
type ImportError = ImportRecord["errors"][number];

const COUNT_KEYS = ["create", "update", "unchanged", "invalid"] as const;

/** Where the panel shows what a row of each kind wrote. */
const RECORD_PAGES: Record<string, (id: string) => string> = {
  products: (id) => `/products/${id}`,
  partners: (id) => `/partners/${id}`,
  "price-table-items": (id) => `/price-tables/${id}`,
  stock: (id) => `/stock/${id}`,
};
const RESULT_KEYS = ["created", "updated", "unchanged", "skipped"] as const;

/** An import error's message in the active language: by its code where the panel words it, else as the schema's message translates. */
export function useImportErrorText() {
  const t = useTranslations("imports.errorCodes");
  const form = useFormMessages();
  return (error: Pick<ImportError, "code" | "message" | "params">) => {
    const values = Object.fromEntries(
      Object.entries(error.params ?? {}).filter((entry): entry is [string, string | number] =>
        ["string", "number"].includes(typeof entry[1]),
      ),
    );
    if (t.has(error.code as never)) return t(error.code as never, { name: undefined, ...values } as never);
    return form.issue({ ...(error.params ?? {}), message: error.message, code: error.code });
  };
}

/** The state of an import: progress while checked or applied, counts, the failure, the preview with its errors in place, the errors. */
export function ImportView({ record }: { record: ImportRecord }) {
  const t = useTranslations("imports");
  const locale = useLocale();
  const format = useFormat();
  const errorText = useImportErrorText();
  const errorsByLine = new Map<number, ImportError[]>();
  for (const error of record.errors) errorsByLine.set(error.line, [...(errorsByLine.get(error.line) ?? []), error]);
  const fields = record.columns.flatMap((column) => (column.field ? [column.field] : []));
  const ignored = record.columns.filter((column) => !column.field && column.header).map((column) => column.header);
  const busy = record.status === "CHECKING" || record.status === "APPLYING";
  const failure = record.failure;
  return (
    <div className="grid gap-4">
      {busy && (
        <div className="grid gap-1.5" aria-live="polite">
          <p className="flex items-center gap-2 text-sm">
            <Loader2Icon className="size-4 animate-spin" aria-hidden />
            {record.status === "CHECKING" ? t("checking", { rows: format.number(record.progress.rows_read) }) : t("applying")}
          </p>
          <div
            role="progressbar"
            aria-label={t("fields.progress")}
            aria-valuemin={0}
            aria-valuetext={t("checking", { rows: format.number(record.progress.rows_read) })}
            className="h-2 overflow-hidden rounded bg-muted"
          >
            <div className="h-full w-1/3 animate-pulse rounded bg-primary" />
          </div>
        </div>
      )}
      {failure && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t.has(`failure.${failure.code}` as never)
            ? t(
                `failure.${failure.code}` as never,
                {
                  limit: format.number(Number(failure.params?.limit ?? 0)),
                  missing: Array.isArray(failure.params?.missing) ? (failure.params.missing as string[]).join(", ") : "",
                } as never,
              )
            : failure.message}
        </p>
      )}
      {!failure && record.status !== "CHECKING" && (
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {record.result
            ? RESULT_KEYS.map((key) => (
                <div key={key} className="rounded-md border p-2">
                  <dt className="text-xs text-muted-foreground">{t(`result.${key}`)}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{format.number(record.result![key])}</dd>
                </div>
              ))
            : COUNT_KEYS.map((key) => (
                <div key={key} className="rounded-md border p-2">
                  <dt className="text-xs text-muted-foreground">{t(`counts.${key}`)}</dt>
                  <dd
                    className={`text-lg font-semibold tabular-nums ${key === "invalid" && record.counts.invalid > 0 ? "text-destructive" : ""}`}
                  >
                    {format.number(record.counts[key])}
                  </dd>
                </div>
              ))}
        </dl>
      )}
      {ignored.length > 0 && <p className="text-sm text-muted-foreground">{t("ignoredColumns", { columns: ignored.join(", ") })}</p>}
      {record.preview.length > 0 && (
        <div className="max-h-96 overflow-auto rounded-md border">
          <Table>
            <caption className="sr-only">{t("preview")}</caption>
            <TableHeader>
              <TableRow>
                <TableHead>{t("line")}</TableHead>
                <TableHead>{t("action")}</TableHead>
                {fields.map((field) => (
                  <TableHead key={field}>{record.columns.find((column) => column.field === field)?.header ?? field}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {record.preview.map((row) => {
                const errors = errorsByLine.get(row.line) ?? [];
                return (
                  <TableRow key={row.line} className={errors.length > 0 ? "bg-destructive/5" : undefined}>
                    <TableCell className="tabular-nums">{row.line}</TableCell>
                    <TableCell>
                      <Badge variant={row.action === "INVALID" ? "destructive" : row.action === "UNCHANGED" ? "outline" : "secondary"}>
                        {t(`actions.${row.action}`)}
                      </Badge>
                      {record.status === "DONE" && row.record_id && RECORD_PAGES[record.kind] && (
                        <Link className="ml-2 text-xs text-primary underline" href={RECORD_PAGES[record.kind]!(row.record_id)}>
                          {t("seeRecord")}
                        </Link>
                      )}
                    </TableCell>
                    {fields.map((field) => {
                      const label = record.columns.find((column) => column.field === field)?.header;
                      const cellErrors = errors.filter((error) => error.column === label);
                      return (
                        <TableCell key={field} className={cellErrors.length > 0 ? "text-destructive" : undefined}>
                          {row.cells[field]}
                          {cellErrors.map((error, index) => (
                            <span key={index} className="block text-xs">
                              {errorText(error)}
                            </span>
                          ))}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
      {record.errors.length > 0 && (
        <div className="grid gap-2 rounded-md border border-destructive/40 p-3 text-sm">
          <p className="flex flex-wrap items-center justify-between gap-2 font-medium text-destructive">
            <span className="flex items-center gap-2">
              <TriangleAlertIcon className="size-4" aria-hidden />
              {t("errors")}: {format.number(record.errors_total)}
            </span>
            <Link
              className="inline-flex items-center gap-1 text-primary underline"
              href={`/api/b2b/imports/${record.id}/errors.csv${locale === "en" ? "?locale=en" : ""}`}
              prefetch={false}
            >
              <DownloadIcon className="size-4" aria-hidden />
              {t("errorsCsv")}
            </Link>
          </p>
          <ul className="grid max-h-60 gap-1 overflow-auto">
            {record.errors.map((error, index) => (
              <li key={index}>
                <strong>
                  {t("line")} {error.line}
                  {error.column ? ` · ${error.column}` : ""}
                </strong>
                : {errorText(error)}
              </li>
            ))}
          </ul>
          {record.errors_total > record.errors.length && (
            <p className="text-muted-foreground">{t("errorsMore", { shown: record.errors.length, total: record.errors_total })}</p>
          )}
        </div>
      )}
    </div>
  );
}
