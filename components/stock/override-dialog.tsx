"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { z } from "zod";
import { QuantityField, ResourceForm, TextField, useResourceForm } from "@/components/resource-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { trpc } from "@/lib/trpc";
import { stockOverrideInput, stockOverrideItem, type StockRecord } from "@/server/stock/stock/schemas";
import { decimalsOf, productNameOf } from "./quantity";

/** The figures of one record, as PUT /stock/override sets them. */
const figures = z.object({
  total: stockOverrideItem.shape.total,
  reserved: stockOverrideItem.shape.reserved,
  reason: stockOverrideInput.shape.reason,
});

/** Sets a record's total (and reserved) after a count: an override of one line. */
export function OverrideDialog({
  open,
  onOpenChange,
  record,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  record: StockRecord;
}) {
  const t = useTranslations("stock");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("overrideTitle")}</DialogTitle>
          <DialogDescription>{t("overrideDescription")}</DialogDescription>
        </DialogHeader>
        {open && <OverrideForm record={record} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function OverrideForm({ record, onDone }: { record: StockRecord; onDone: () => void }) {
  const t = useTranslations("stock");
  const utils = trpc.useUtils();
  const override = trpc.stock.override.useMutation({ onSuccess: () => utils.stock.invalidate() });
  const form = useResourceForm(figures, { defaultValues: { total: record.total, reserved: null, reason: "" }, labels: "stock.fields" });
  const decimals = decimalsOf(record);
  const unit = record.product.measure_unit?.abbreviation;
  return (
    <ResourceForm
      form={form}
      submitLabel={t("overrideSubmit")}
      onSubmit={async (values) => {
        await override.mutateAsync({
          reason: values.reason,
          items: [
            {
              company_id: record.company.id,
              warehouse_id: record.warehouse.id,
              product_id: record.product.id,
              product_variation_id: record.product.product_variation_id,
              total: values.total,
              reserved: values.reserved,
            },
          ],
        });
        toast.success(t("overridden", { name: productNameOf(record) }));
        onDone();
      }}
    >
      <QuantityField control={form.control} name="total" label={t("fields.total")} required decimals={decimals} unit={unit} />
      <QuantityField
        control={form.control}
        name="reserved"
        label={t("fields.reserved")}
        decimals={decimals}
        unit={unit}
        description={t("keepReserved")}
      />
      <TextField control={form.control} name="reason" label={t("fields.reason")} maxLength={500} />
    </ResourceForm>
  );
}
