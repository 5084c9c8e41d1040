"use client";

import { useTranslations } from "next-intl";
import { ImportView } from "@/components/imports/import-view";
import { PageHeader } from "@/components/panel/page-header";
import { RecordActivity } from "@/components/records/record-activity";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";

/** One import: its file, who sent and applied it, its counts, preview and errors, and its history. */
export function ImportDetail({ id }: { id: string }) {
  const t = useTranslations("imports");
  const format = useFormat();
  const record = trpc.imports.get.useQuery(
    { id },
    { refetchInterval: (query) => (["CHECKING", "APPLYING"].includes(query.state.data?.status ?? "") ? 1000 : false) },
  );
  const data = record.data;
  if (!data) return <PageHeader title={t("one")} />;
  return (
    <>
      <PageHeader
        title={t("detailTitle", { file: data.file_name })}
        description={`${t(`kinds.${data.kind as "products"}`)} · ${t(`statuses.${data.status}`)}`}
      />
      <dl className="mb-4 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">{t("fields.created_by")}</dt>
          <dd>
            {data.created_by.name ?? "—"} · {format.dateTime(data.created_at)}
          </dd>
        </div>
        {data.applied_at && (
          <div>
            <dt className="text-muted-foreground">{t("fields.applied_at")}</dt>
            <dd>
              {data.applied_by?.name ?? "—"} · {format.dateTime(data.applied_at)}
            </dd>
          </div>
        )}
        <div>
          <dt className="text-muted-foreground">{t("fields.format")}</dt>
          <dd>
            {data.format.toUpperCase()}
            {data.encoding ? ` · ${data.encoding}` : ""} · {t("rows", { count: format.number(data.progress.rows_read) })}
          </dd>
        </div>
      </dl>
      <ImportView record={data} />
      <RecordActivity entity="import" id={data.id} />
    </>
  );
}
