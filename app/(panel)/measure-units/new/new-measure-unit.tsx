"use client";

import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { LIST, MeasureUnitForm } from "../measure-unit-form";

export function NewMeasureUnit() {
  const t = useTranslations("measureUnits");
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.measureUnits.create.useMutation({ onSuccess: () => utils.measureUnits.invalidate() });
  return (
    <NewRecordPage resource="measureUnits" list={listHref(LIST)}>
      <MeasureUnitForm
        defaultValues={{ abbreviation: "", description: "", decimals_for_quantity: 0, active: true, attributes: {} }}
        submitLabel={t("create")}
        onSubmit={async (values) => {
          const unit = await create.mutateAsync(values);
          toast.success(t("created", { name: unit.abbreviation }));
          router.push(listHref(LIST));
        }}
      />
    </NewRecordPage>
  );
}
