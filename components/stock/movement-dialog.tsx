"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { LookupField } from "@/components/catalog/lookup-field";
import { useProductOptions } from "@/components/catalog/lookups";
import { QuantityField, ResourceForm, SelectField, TextField, useResourceForm } from "@/components/resource-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { trpc } from "@/lib/trpc";
import { STOCK_MOVEMENT_TYPES, stockMovementInput, type StockRecord } from "@/server/stock/stock/schemas";
import { decimalsOf, productNameOf } from "./quantity";

/**
 * Records a movement: of `record` when given (its company, warehouse and product fixed),
 * else of the company, warehouse and product chosen (an INCREMENT creates the record).
 */
export function MovementDialog({
  open,
  onOpenChange,
  record,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  record?: StockRecord;
}) {
  const t = useTranslations("stock");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("moveTitle")}</DialogTitle>
          {record && (
            <DialogDescription>
              {t("moveDescription", { product: productNameOf(record), warehouse: record.warehouse.name })}
            </DialogDescription>
          )}
        </DialogHeader>
        {open && <MovementForm record={record} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function MovementForm({ record, onDone }: { record?: StockRecord; onDone: () => void }) {
  const t = useTranslations("stock");
  const utils = trpc.useUtils();
  const move = trpc.stock.movement.useMutation({ onSuccess: () => utils.stock.invalidate() });
  const form = useResourceForm(stockMovementInput, {
    defaultValues: {
      company_id: record?.company.id ?? "",
      warehouse_id: record?.warehouse.id ?? "",
      product_id: record?.product.id ?? "",
      product_variation_id: record?.product.product_variation_id ?? null,
      type: "INCREMENT",
      quantity: undefined,
      reason: "",
    },
    labels: "stock.fields",
  });
  const companies = trpc.companies.list.useQuery({ perPage: 100, sort: "name" }, { enabled: !record, placeholderData: keepPreviousData });
  const warehouses = trpc.warehouses.list.useQuery({ perPage: 100, sort: "name" }, { enabled: !record, placeholderData: keepPreviousData });
  const productId = form.watch("product_id");
  const product = trpc.products.get.useQuery({ id: productId }, { enabled: !record && Boolean(productId) });
  const decimals = record ? decimalsOf(record) : (product.data?.measure_unit?.decimals_for_quantity ?? 0);
  const unit = record ? record.product.measure_unit?.abbreviation : product.data?.measure_unit?.abbreviation;
  const typeOptions = STOCK_MOVEMENT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }));
  const type = form.watch("type");
  return (
    <ResourceForm
      form={form}
      submitLabel={t("moveSubmit")}
      onSubmit={async (values) => {
        const moved = await move.mutateAsync(values);
        toast.success(t("moved", { name: productNameOf(moved) }));
        onDone();
      }}
    >
      {!record && (
        <>
          <SelectField
            control={form.control}
            name="company_id"
            label={t("fields.company_id")}
            required
            options={(companies.data?.items ?? []).map((company) => ({ value: company.id, label: company.name }))}
          />
          <SelectField
            control={form.control}
            name="warehouse_id"
            label={t("fields.warehouse_id")}
            required
            options={(warehouses.data?.items ?? []).map((warehouse) => ({ value: warehouse.id, label: warehouse.name }))}
          />
          <LookupField control={form.control} name="product_id" label={t("fields.product_id")} required useOptions={useProductOptions} />
        </>
      )}
      <SelectField
        control={form.control}
        name="type"
        label={t("fields.type")}
        required
        options={typeOptions}
        description={type ? t(`typeDescriptions.${type}`) : undefined}
      />
      <QuantityField control={form.control} name="quantity" label={t("fields.quantity")} required decimals={decimals} unit={unit} />
      <TextField control={form.control} name="reason" label={t("fields.reason")} maxLength={500} />
    </ResourceForm>
  );
}
