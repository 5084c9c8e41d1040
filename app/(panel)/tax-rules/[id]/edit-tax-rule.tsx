"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { TaxRuleForm, taxRuleValues } from "../tax-rule-form";
import { TaxRulePreview } from "./tax-rule-preview";

export function EditTaxRule({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const rule = trpc.taxRules.get.useQuery({ id });
  const update = trpc.taxRules.update.useMutation({ onSuccess: () => utils.taxRules.invalidate() });
  const remove = trpc.taxRules.remove.useMutation({ onSuccess: () => utils.taxRules.list.invalidate() });
  return (
    <EditRecordPage
      resource="taxRules"
      list={listHref("/tax-rules")}
      query={rule}
      title={(row) => row.name}
      related={(row) => <TaxRulePreview rule={row} />}
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <TaxRuleForm
          key={row.updated_at}
          defaultValues={taxRuleValues(row)}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("taxRules.saved", { name: saved.name }));
            router.push(listHref("/tax-rules"));
          }}
        />
      )}
    </EditRecordPage>
  );
}
