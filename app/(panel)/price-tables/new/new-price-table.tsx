"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { emptyPriceTable, PriceTableForm } from "../price-table-form";

export function NewPriceTable() {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.priceTables.create.useMutation({
    onSuccess: () => utils.priceTables.invalidate(),
  });
  return (
    <NewRecordPage resource="priceTables" list={listHref("/price-tables")} wide>
      <PriceTableForm
        defaultValues={emptyPriceTable()}
        submitLabel={t("priceTables.create")}
        onSubmit={async (values) => {
          const table = await create.mutateAsync(values);
          toast.success(t("priceTables.created", { name: table.name }));
          router.push(listHref("/price-tables"));
        }}
      />
    </NewRecordPage>
  );
}
