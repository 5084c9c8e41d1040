"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { LoadFailure } from "@/components/panel/load-failure";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { FormSkeleton, PercentField, ResourceForm, SelectField, SwitchField, useResourceForm } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { taxSettings, type TaxSettingsWrite } from "@/server/taxes/settings/schemas";
import { DIFAL_METHODS, taxStateWrite, type TaxStateDetail } from "@/server/taxes/uf-table/schemas";

/** The per-destination-UF table (contract §12) and the calculation options; MANAGER and ADMIN edit the table, ADMIN the options. */
export function TaxSettingsPage() {
  const t = useTranslations("taxSettings");
  const states = trpc.taxStates.list.useQuery();
  const settings = trpc.taxSettings.get.useQuery();
  const error = states.error ?? settings.error;
  if (error) return <LoadFailure error={error} onRetry={() => void Promise.all([states.refetch(), settings.refetch()])} />;
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid gap-6">
        {settings.data ? (
          <OptionsForm key={JSON.stringify(settings.data)} values={settings.data} />
        ) : (
          <FormSkeleton label={t("settings")} />
        )}
        {states.data ? <StatesTable rows={states.data.items} /> : <FormSkeleton label={t("table")} />}
      </div>
    </>
  );
}

function OptionsForm({ values }: { values: TaxSettingsWrite }) {
  const t = useTranslations("taxSettings");
  const isAdmin = useCan("admin");
  const utils = trpc.useUtils();
  const update = trpc.taxSettings.update.useMutation({ onSuccess: () => utils.taxSettings.invalidate() });
  const form = useResourceForm(taxSettings, { defaultValues: values, labels: "taxSettings" });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("settings")}</CardTitle>
      </CardHeader>
      <CardContent>
        <ResourceForm
          form={form}
          readOnly={!isAdmin}
          onSubmit={async (input) => {
            await update.mutateAsync(input);
            toast.success(t("settingsSaved"));
          }}
        >
          {!isAdmin && <p className="text-sm text-muted-foreground">{t("adminsOnly")}</p>}
          <SwitchField
            control={form.control}
            name="exclude_icms_from_pis_cofins"
            label={t("exclude_icms_from_pis_cofins")}
            description={t("excludeDescription")}
          />
          <SwitchField control={form.control} name="fcp_st_minus_own_fcp" label={t("fcp_st_minus_own_fcp")} />
          <SwitchField control={form.control} name="ibs_cbs" label={t("ibs_cbs")} description={t("ibsDescription")} />
        </ResourceForm>
      </CardContent>
    </Card>
  );
}

function StatesTable({ rows }: { rows: TaxStateDetail[] }) {
  const t = useTranslations("taxSettings");
  const format = useFormat();
  const canManage = useCan("manage");
  const [editing, setEditing] = useState<string | null>(null);
  const row = rows.find((entry) => entry.uf === editing);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("table")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!canManage && <p className="text-sm text-muted-foreground">{t("managersOnly")}</p>}
        {row && <StateForm key={row.uf} row={row} onDone={() => setEditing(null)} />}
        <div className="overflow-x-auto">
          <Table aria-label={t("table")}>
            <TableHeader>
              <TableRow>
                <TableHead>{t("uf")}</TableHead>
                <TableHead className="text-right">{t("internal_rate")}</TableHead>
                <TableHead className="text-right">{t("fcp_rate")}</TableHead>
                <TableHead>{t("difal_method")}</TableHead>
                <TableHead>{t("fcp_in_divisor")}</TableHead>
                {canManage && <TableHead className="sr-only">{t("edit", { uf: "" })}</TableHead>}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((entry) => (
                <TableRow key={entry.uf}>
                  <TableCell>
                    <span className="font-mono">{entry.uf}</span> · {entry.name}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {entry.internal_rate === null ? t("notSet") : format.percent(entry.internal_rate)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{format.percent(entry.fcp_rate)}</TableCell>
                  <TableCell>{t(`methods.${entry.difal_method}`)}</TableCell>
                  <TableCell>{entry.fcp_in_divisor ? "✓" : "—"}</TableCell>
                  {canManage && (
                    <TableCell className="text-right">
                      <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(entry.uf)}>
                        {t("edit", { uf: entry.uf })}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </CardContent>
    </Card>
  );
}

function StateForm({ row, onDone }: { row: TaxStateDetail; onDone: () => void }) {
  const t = useTranslations("taxSettings");
  const utils = trpc.useUtils();
  const update = trpc.taxStates.update.useMutation({ onSuccess: () => utils.taxStates.invalidate() });
  const remove = trpc.taxStates.remove.useMutation({ onSuccess: () => utils.taxStates.invalidate() });
  const uf = taxStateWrite.shape.uf.parse(row.uf);
  const form = useResourceForm(taxStateWrite, {
    defaultValues: {
      uf,
      internal_rate: row.internal_rate ?? undefined,
      fcp_rate: row.fcp_rate,
      difal_method: row.difal_method,
      fcp_in_divisor: row.fcp_in_divisor,
    },
    labels: "taxSettings",
  });
  return (
    <section aria-label={t("edit", { uf: row.uf })} className="rounded-md border p-4">
      <ResourceForm
        form={form}
        submitLabel={t("save")}
        onSubmit={async (input) => {
          await update.mutateAsync(input);
          toast.success(t("saved", { uf: row.uf }));
          onDone();
        }}
        secondaryActions={
          <>
            <Button type="button" variant="ghost" onClick={onDone}>
              {t("cancel")}
            </Button>
            {row.internal_rate !== null && (
              <Button
                type="button"
                variant="outline"
                onClick={async () => {
                  await remove.mutateAsync({ uf });
                  toast.success(t("cleared", { uf: row.uf }));
                  onDone();
                }}
              >
                {t("forget")}
              </Button>
            )}
          </>
        }
      >
        <h3 className="font-semibold">
          {row.uf} · {row.name}
        </h3>
        <div className="grid gap-5 sm:grid-cols-2">
          <PercentField control={form.control} name="internal_rate" label={t("internal_rate")} required />
          <PercentField control={form.control} name="fcp_rate" label={t("fcp_rate")} />
          <SelectField
            control={form.control}
            name="difal_method"
            label={t("difal_method")}
            options={DIFAL_METHODS.map((method) => ({ value: method, label: t(`methods.${method}`) }))}
          />
          <SwitchField control={form.control} name="fcp_in_divisor" label={t("fcp_in_divisor")} />
        </div>
      </ResourceForm>
    </section>
  );
}
