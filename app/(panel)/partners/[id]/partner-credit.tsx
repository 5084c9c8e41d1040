"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useCan } from "@/components/panel/current-user";
import { MoneyField, SwitchField } from "@/components/resource-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useFormat } from "@/lib/format";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";

interface CreditValues {
  credit_limit: number | null;
  credit_blocked: boolean;
}

/**
 * A partner's credit (contract §11): its limit, what it owes now (exposure) and what is
 * left, as figures and a bar; what is overdue and since when; the block. MANAGER and
 * ADMIN change the limit and the block here (audited on the partner).
 */
export function PartnerCredit({ partnerId, name }: { partnerId: string; name: string }) {
  const t = useTranslations("partners.credit");
  const format = useFormat();
  const canManage = useCan("manage");
  const [editing, setEditing] = useState(false);
  const credit = trpc.partners.credit.useQuery({ id: partnerId });
  const data = credit.data;
  const used = data && data.credit_limit ? Math.min(1, data.exposure / data.credit_limit) : null;
  return (
    <Card data-testid="partner-credit">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          {t("title")}
          {data?.blocked && <Badge variant="destructive">{t("blocked")}</Badge>}
        </CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {data && (
          <>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
              <Figure label={t("limit")} value={data.credit_limit === null ? t("noLimit") : format.money(data.credit_limit)} />
              <Figure label={t("exposure")} value={format.money(data.exposure)} />
              <Figure label={t("available")} value={data.available === null ? "—" : format.money(data.available)} />
              <Figure label={t("overdue")} value={data.overdue_value > 0 ? format.money(data.overdue_value) : t("none")} />
              {data.oldest_overdue_days !== null && (
                <Figure label={t("oldestOverdue")} value={t("overdueDays", { days: data.oldest_overdue_days })} />
              )}
            </dl>
            {used !== null && (
              <div
                role="meter"
                aria-label={t("used", { percent: format.percent(used * 100) })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(used * 100)}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className={used >= 1 ? "h-full bg-destructive" : used >= 0.8 ? "h-full bg-amber-500" : "h-full bg-primary"}
                  style={{ width: `${used * 100}%` }}
                />
              </div>
            )}
            {canManage &&
              (editing ? (
                <CreditForm
                  partnerId={partnerId}
                  name={name}
                  values={{ credit_limit: data.credit_limit, credit_blocked: data.blocked }}
                  onDone={() => setEditing(false)}
                />
              ) : (
                <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setEditing(true)}>
                  {t("edit")}
                </Button>
              ))}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function CreditForm({ partnerId, name, values, onDone }: { partnerId: string; name: string; values: CreditValues; onDone: () => void }) {
  const t = useTranslations("partners");
  const problems = useProblemMessages("partners.fields");
  const utils = trpc.useUtils();
  const save = trpc.partners.setCredit.useMutation({ onSuccess: () => utils.partners.invalidate() });
  const form = useForm<CreditValues>({ defaultValues: values });
  const submit = form.handleSubmit(async (next) => {
    try {
      await save.mutateAsync({ id: partnerId, credit_limit: next.credit_limit, credit_blocked: next.credit_blocked });
      toast.success(t("credit.saved", { name }));
      onDone();
    } catch (error) {
      problems.toastError(error);
    }
  });
  return (
    <form onSubmit={submit} className="grid gap-3 border-t pt-3" noValidate>
      <MoneyField control={form.control} name="credit_limit" label={t("fields.credit_limit")} description={t("credit.limitDescription")} />
      <SwitchField
        control={form.control}
        name="credit_blocked"
        label={t("credit.blockedLabel")}
        description={t("credit.blockedDescription")}
      />
      <Button type="submit" size="sm" className="justify-self-start" disabled={form.formState.isSubmitting}>
        {t("credit.save")}
      </Button>
    </form>
  );
}
