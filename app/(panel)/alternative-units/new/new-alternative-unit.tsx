"use client";

import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { useTranslations } from "next-intl";
import { useRouter, useSearchParams } from "next/navigation";
import { toast } from "sonner";
import { AlternativeUnitForm, LIST } from "../alternative-unit-form";

export function NewAlternativeUnit() {
  const t = useTranslations("alternativeUnits");
  const router = useRouter();
  const productId = useSearchParams().get("product_id") ?? "";
  const utils = trpc.useUtils();
  const create = trpc.alternativeUnits.create.useMutation({ onSuccess: () => utils.alternativeUnits.invalidate() });
  const back = productId ? `${LIST}?product_id=${productId}` : listHref(LIST);
  return (
    <NewRecordPage resource="alternativeUnits" list={back}>
      <AlternativeUnitForm
        defaultValues={{
          product_id: productId,
          unit_id: "",
          quantity: 1,
          value_multiplier: 1,
          decimals_for_quantity: 0,
          attributes: {},
        }}
        submitLabel={t("create")}
        onSubmit={async (values) => {
          const unit = await create.mutateAsync(values);
          toast.success(t("created", { name: unit.unit_abbreviation }));
          router.push(back);
        }}
      />
    </NewRecordPage>
  );
}
