"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { emptyTaxRule, TaxRuleForm } from "../tax-rule-form";

export function NewTaxRule() {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.taxRules.create.useMutation({ onSuccess: () => utils.taxRules.invalidate() });
  return (
    <NewRecordPage resource="taxRules" list={listHref("/tax-rules")}>
      <TaxRuleForm
        defaultValues={emptyTaxRule}
        submitLabel={t("taxRules.create")}
        onSubmit={async (values) => {
          const rule = await create.mutateAsync(values);
          toast.success(t("taxRules.created", { name: rule.name }));
          router.push(listHref("/tax-rules"));
        }}
      />
    </NewRecordPage>
  );
}
