"use client";

import { listHref } from "@/components/data-table";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { LIST, WarehouseForm } from "../warehouse-form";

export function EditWarehouse({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const warehouse = trpc.warehouses.get.useQuery({ id });
  const update = trpc.warehouses.update.useMutation({ onSuccess: () => utils.warehouses.invalidate() });
  const remove = trpc.warehouses.remove.useMutation({ onSuccess: () => utils.warehouses.list.invalidate() });
  return (
    <EditRecordPage
      resource="warehouses"
      list={listHref(LIST)}
      query={warehouse}
      title={(row) => row.name}
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => {
        const { id: _id, created_at: _created, updated_at: _updated, ...values } = row;
        return (
          <WarehouseForm
            key={row.updated_at}
            defaultValues={values}
            readOnly={readOnly}
            submitLabel={t("common.saveChanges")}
            secondaryActions={secondaryActions}
            onSubmit={async (body) => {
              const saved = await update.mutateAsync({ ...body, id });
              toast.success(t("warehouses.saved", { name: saved.name }));
              router.push(listHref(LIST));
            }}
          />
        );
      }}
    </EditRecordPage>
  );
}
