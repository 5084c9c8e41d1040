"use client";

import { listHref } from "@/components/data-table";
import { EditRecordPage, ToggleActiveButton } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { LIST, MeasureUnitForm, useToggleMeasureUnit } from "../measure-unit-form";

export function EditMeasureUnit({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const unit = trpc.measureUnits.get.useQuery({ id });
  const update = trpc.measureUnits.update.useMutation({ onSuccess: () => utils.measureUnits.invalidate() });
  const remove = trpc.measureUnits.remove.useMutation({ onSuccess: () => utils.measureUnits.list.invalidate() });
  const { toggle, pending } = useToggleMeasureUnit();
  return (
    <EditRecordPage
      resource="measureUnits"
      list={listHref(LIST)}
      query={unit}
      title={(row) => `${row.abbreviation} — ${row.description}`}
      remove={(row) => remove.mutateAsync({ id: row.id })}
      actions={(row) => <ToggleActiveButton active={row.active} pending={pending} onClick={() => toggle(row)} />}
    >
      {(row, { readOnly, secondaryActions }) => (
        <MeasureUnitForm
          key={row.updated_at}
          editing
          defaultValues={{
            abbreviation: row.abbreviation,
            description: row.description,
            decimals_for_quantity: row.decimals_for_quantity,
            active: row.active,
            attributes: {},
          }}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("measureUnits.saved", { name: saved.abbreviation }));
            router.push(listHref(LIST));
          }}
        />
      )}
    </EditRecordPage>
  );
}
