"use client";

import { productLabel } from "@/components/catalog/lookups";
import { listHref } from "@/components/data-table";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { AlternativeUnitForm, LIST } from "../alternative-unit-form";

export function EditAlternativeUnit({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const unit = trpc.alternativeUnits.get.useQuery({ id });
  const product = trpc.products.get.useQuery({ id: unit.data?.product_id ?? "" }, { enabled: Boolean(unit.data) });
  const update = trpc.alternativeUnits.update.useMutation({ onSuccess: () => utils.alternativeUnits.invalidate() });
  const remove = trpc.alternativeUnits.remove.useMutation({ onSuccess: () => utils.alternativeUnits.list.invalidate() });
  return (
    <EditRecordPage
      resource="alternativeUnits"
      list={listHref(LIST)}
      query={unit}
      title={(row) =>
        product.data
          ? t("alternativeUnits.titleOf", { unit: row.unit_abbreviation, name: row.unit_name, product: productLabel(product.data) })
          : `${row.unit_abbreviation} — ${row.unit_name}`
      }
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <AlternativeUnitForm
          key={row.updated_at}
          defaultValues={{
            product_id: row.product_id,
            unit_id: row.unit_id,
            quantity: row.quantity,
            value_multiplier: row.value_multiplier,
            decimals_for_quantity: row.decimals_for_quantity,
            attributes: row.attributes,
          }}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            await update.mutateAsync({ ...values, id });
            toast.success(t("alternativeUnits.saved"));
            router.push(listHref(LIST));
          }}
        />
      )}
    </EditRecordPage>
  );
}
