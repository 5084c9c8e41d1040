"use client";

import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { type WarehouseWrite } from "@/server/catalog/warehouses/schemas";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { LIST, WarehouseForm } from "../warehouse-form";

const emptyWarehouse: WarehouseWrite = {
  name: "",
  address_type: "COMMERCIAL",
  street: "",
  number: "",
  complement: "",
  neighborhood: "",
  city: "",
  state: "",
  country: "BR",
  postal_code: "",
  active: true,
  is_default: false,
  attributes: {},
};

export function NewWarehouse() {
  const t = useTranslations("warehouses");
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.warehouses.create.useMutation({ onSuccess: () => utils.warehouses.invalidate() });
  return (
    <NewRecordPage resource="warehouses" list={listHref(LIST)}>
      <WarehouseForm
        defaultValues={emptyWarehouse}
        submitLabel={t("create")}
        onSubmit={async (values) => {
          const warehouse = await create.mutateAsync(values);
          toast.success(t("created", { name: warehouse.name }));
          router.push(listHref(LIST));
        }}
      />
    </NewRecordPage>
  );
}
