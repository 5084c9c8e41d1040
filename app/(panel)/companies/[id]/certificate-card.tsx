"use client";

import { Loader2Icon, ShieldAlertIcon, ShieldCheckIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { toast } from "sonner";
import { useCan } from "@/components/panel/current-user";
import { ConfirmDeleteDialog } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { useFormat } from "@/lib/format";
import { statusOf, useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import { formatFiscalNumber } from "@/server/lib/fiscal-number";

/** The file as base64, read in the browser (it is sent once, with its password, and never shown again). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("the file could not be read"));
    reader.readAsDataURL(file);
  });
}

/**
 * The company's A1 certificate (contract §13): its holder, CNPJ and validity, a warning 30
 * days before it expires, and — for a MANAGER or ADMIN — sending a new one (the .pfx and its
 * password) or removing it. Then the NF-e series: the next number and the numbers to void.
 */
export function CertificateCard({ companyId }: { companyId: string }) {
  const t = useTranslations("certificates");
  const format = useFormat();
  const canManage = useCan("manage");
  const problems = useProblemMessages("certificates.fields");
  const utils = trpc.useUtils();
  const certificate = trpc.certificates.get.useQuery({ id: companyId }, { retry: (count, error) => statusOf(error) !== 404 && count < 2 });
  const series = trpc.nfe.series.useQuery({ id: companyId });
  const set = trpc.certificates.set.useMutation({ onSuccess: () => utils.certificates.invalidate() });
  const remove = trpc.certificates.remove.useMutation({ onSuccess: () => utils.certificates.invalidate() });
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const fileId = useId();
  const passwordId = useId();
  const current = certificate.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {certificate.isPending ? (
          <p className="text-muted-foreground">{t("loading")}</p>
        ) : !current ? (
          <p className="text-muted-foreground">{t("none")}</p>
        ) : (
          <div className="grid gap-1">
            <p className="flex items-center gap-2 font-medium">
              {current.expiring ? (
                <ShieldAlertIcon className="size-4 text-destructive" aria-hidden />
              ) : (
                <ShieldCheckIcon className="size-4" aria-hidden />
              )}
              {current.holder_name}
            </p>
            <p>{t("holder", { cnpj: formatFiscalNumber(current.holder_cnpj) })}</p>
            <p>{t("validity", { from: format.date(current.valid_from), until: format.date(current.valid_until) })}</p>
            {current.expiring && (
              <p role="status" className="font-medium text-destructive">
                {current.days_left < 0 ? t("expired") : t("expiresIn", { days: current.days_left })}
              </p>
            )}
          </div>
        )}
        {canManage && (
          <form
            className="grid gap-3"
            onSubmit={async (event) => {
              event.preventDefault();
              if (!file) return;
              setError(null);
              try {
                const saved = await set.mutateAsync({ id: companyId, pfx: await base64Of(file), password });
                toast.success(t("saved", { holder: saved.holder_name }));
                setFile(null);
                setPassword("");
                (event.target as HTMLFormElement).reset();
              } catch (failure) {
                setError(problems.message(failure));
              }
            }}
          >
            <label htmlFor={fileId} className="grid gap-1 font-medium">
              {current ? t("replace") : t("send")}
              <Input
                id={fileId}
                type="file"
                accept=".pfx,.p12,application/x-pkcs12"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </label>
            <label htmlFor={passwordId} className="grid gap-1 font-medium">
              {t("fields.password")}
              <Input
                id={passwordId}
                type="password"
                autoComplete="off"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </label>
            {error && (
              <p role="alert" className="text-destructive">
                {error}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={!file || set.isPending}>
                {set.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
                {t("submit")}
              </Button>
              {current && (
                <Button type="button" variant="outline" className="text-destructive" onClick={() => setRemoving(true)}>
                  {t("remove")}
                </Button>
              )}
            </div>
          </form>
        )}
        {(series.data ?? []).length > 0 && (
          <div className="grid gap-1">
            <p className="font-medium">{t("series")}</p>
            <ul className="grid gap-1">
              {series.data!.map((row) => (
                <li key={row.series}>
                  {t("seriesLine", { series: row.series, next: format.number(row.next_number) })}
                  {row.unused_numbers.length > 0 &&
                    ` · ${t("toVoid", { numbers: row.unused_numbers.map((number) => format.number(number)).join(", ") })}`}
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
      <ConfirmDeleteDialog
        open={removing}
        onOpenChange={setRemoving}
        title={t("removeTitle")}
        confirmLabel={t("remove")}
        description={t("removeDescription")}
        onConfirm={async () => {
          try {
            await remove.mutateAsync({ id: companyId });
            toast.success(t("removed"));
          } catch (failure) {
            problems.toastError(failure);
          }
        }}
      />
    </Card>
  );
}
