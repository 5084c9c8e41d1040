"use client";

import { DownloadIcon, FileUpIcon, Loader2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { RestError } from "@/lib/problem";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import { ImportView } from "./import-view";

export type ImportKindSlug = "products" | "partners" | "price-table-items" | "stock";

/** POST /imports from the panel (multipart: the session's cookie signs it, as every upload). */
async function upload(kind: ImportKindSlug, file: File): Promise<{ id: string }> {
  const form = new FormData();
  form.append("kind", kind);
  form.append("file", file, file.name);
  let response: Response;
  try {
    response = await fetch("/api/b2b/imports", { method: "POST", body: form, credentials: "same-origin" });
  } catch (error) {
    throw new RestError(0, undefined, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw await RestError.of(response);
  return (await response.json()) as { id: string };
}

/**
 * "Importar" on a list (contract §14): the template to fill in, the upload, the check's progress,
 * the preview with every error in place and the counts, then apply (leaving the rows with errors
 * out only when told) and the result with a link to the import's page.
 */
export function ImportDialog({
  kind,
  open,
  onOpenChange,
  onApplied,
}: {
  kind: ImportKindSlug;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onApplied?: () => void;
}) {
  const t = useTranslations("imports");
  const common = useTranslations("common");
  const problems = useProblemMessages();
  const fileId = useId();
  const skipId = useId();
  const [importId, setImportId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const record = trpc.imports.get.useQuery(
    { id: importId ?? "" },
    {
      enabled: importId !== null,
      refetchInterval: (query) => (["CHECKING", "APPLYING"].includes(query.state.data?.status ?? "CHECKING") ? 700 : false),
    },
  );
  const utils = trpc.useUtils();
  const apply = trpc.imports.applyImport.useMutation({
    onSuccess: () => void utils.imports.get.invalidate({ id: importId ?? "" }),
  });
  const data = importId ? record.data : undefined;
  const [announced, setAnnounced] = useState<string | null>(null);
  if (data?.status === "DONE" && data.result && announced !== data.id) {
    setAnnounced(data.id);
    toast.success(t("applied", data.result));
    onApplied?.();
  }

  const reset = () => {
    setImportId(null);
    setSkipInvalid(false);
  };
  const send = async (file: File) => {
    setSending(true);
    try {
      setImportId((await upload(kind, file)).id);
    } catch (error) {
      problems.toastError(error);
    } finally {
      setSending(false);
    }
  };
  const canApply = data?.status === "READY" && (data.counts.invalid === 0 || skipInvalid) && !apply.isPending;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>{t("importOf", { kind: t(`kinds.${kind}`) })}</DialogTitle>
          <DialogDescription>{t("dialogDescription")}</DialogDescription>
        </DialogHeader>
        {!importId && (
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1.5">
              <label htmlFor={fileId} className="text-sm font-medium">
                {t("file")}
              </label>
              <Input
                id={fileId}
                type="file"
                accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                disabled={sending}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void send(file);
                }}
              />
            </div>
            <Button variant="outline" asChild>
              <a href={`/api/b2b/imports/templates/${kind}`} download>
                <DownloadIcon aria-hidden />
                {t("template")}
              </a>
            </Button>
            <Button variant="ghost" asChild>
              <a href={`/api/b2b/imports/templates/${kind}?format=csv`} download>
                {t("templateCsv")}
              </a>
            </Button>
            {sending && (
              <span className="flex items-center gap-2 text-sm">
                <Loader2Icon className="size-4 animate-spin" aria-hidden />
                {t("uploading")}
              </span>
            )}
          </div>
        )}
        {data && <ImportView record={data} />}
        {data?.status === "READY" && data.counts.invalid > 0 && (
          <div className="flex items-center gap-2 text-sm">
            <Checkbox id={skipId} checked={skipInvalid} onCheckedChange={(checked) => setSkipInvalid(checked === true)} />
            <label htmlFor={skipId}>{t("skipInvalid", { count: data.counts.invalid })}</label>
          </div>
        )}
        <DialogFooter className="flex-wrap gap-2">
          {data && (
            <Button variant="ghost" asChild>
              <Link href={`/imports/${data.id}`}>{t("openHistory")}</Link>
            </Button>
          )}
          {data && ["READY", "DONE", "FAILED"].includes(data.status) && (
            <Button variant="outline" onClick={reset}>
              <FileUpIcon aria-hidden />
              {t("another")}
            </Button>
          )}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {common("close")}
          </Button>
          {data?.status === "READY" && (
            <Button
              disabled={!canApply}
              onClick={() =>
                apply.mutateAsync({ id: data.id, skip_invalid: skipInvalid }).catch((error: unknown) => problems.toastError(error))
              }
            >
              {apply.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
              {t("apply")}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The "Importar" button of a list, with its dialog. */
export function ImportButton({ kind, onApplied }: { kind: ImportKindSlug; onApplied?: () => void }) {
  const t = useTranslations("imports");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <FileUpIcon aria-hidden />
        {t("import")}
      </Button>
      <ImportDialog kind={kind} open={open} onOpenChange={setOpen} onApplied={onApplied} />
    </>
  );
}
