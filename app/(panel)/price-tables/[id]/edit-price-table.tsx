"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { PriceTableForm, priceTableValues } from "../price-table-form";

export function EditPriceTable({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const table = trpc.priceTables.get.useQuery({ id });
  const update = trpc.priceTables.update.useMutation({
    onSuccess: () => utils.priceTables.invalidate(),
  });
  const remove = trpc.priceTables.remove.useMutation({
    onSuccess: () => utils.priceTables.list.invalidate(),
  });
  return (
    <EditRecordPage
      resource="priceTables"
      list={listHref("/price-tables")}
      wide
      query={table}
      title={(row) => row.name}
      description={(row, readOnly) =>
        row && `${row.start_date}${row.end_date ? ` → ${row.end_date}` : ""}${readOnly ? ` · ${t("record.viewOnly")}` : ""}`
      }
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <PriceTableForm
          key={row.updated_at}
          defaultValues={priceTableValues(row)}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("priceTables.saved", { name: saved.name }));
            router.push(listHref("/price-tables"));
          }}
        />
      )}
    </EditRecordPage>
  );
}
