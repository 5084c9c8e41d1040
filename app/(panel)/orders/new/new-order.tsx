"use client";

import { PlusIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { PageHeader } from "@/components/panel/page-header";
import {
  useCompanyOptions,
  useSellerOptions,
} from "@/components/parties/options";
import {
  MoneyField,
  QuantityField,
  SelectField,
  SwitchField,
  TextField,
} from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { money, roundMoney, sumMoney } from "@/server/lib/money";
import { usePartnerOptions } from "../orders-list";

interface ItemValues {
  product_id: string;
  name: string;
  sku: string;
  unit: string | null;
  decimals: number;
  quantity: number | null;
  unit_value: number | null;
  discount: number | null;
}

interface OrderValues {
  partner_id: string;
  company_id: string;
  seller_id: string;
  negotiation_date: string;
  quotation: boolean;
  observation: string;
  shipment_street: string;
  shipment_number: string;
  shipment_complement: string;
  shipment_neighborhood: string;
  shipment_city: string;
  shipment_state: string;
  shipment_postal_code: string;
  shipment_contact_name: string;
  shipment_contact_number: string;
  discount_value: number | null;
  freight_value: number | null;
  items: ItemValues[];
  payment_method_id: string;
  payment_installments: number | null;
}

const today = () => new Date().toISOString().slice(0, 10);
const amount = (value: number | null | undefined) =>
  money(Number.isFinite(value) ? (value as number) : 0);

/** The live totals, by the contract's rules: items' unit × quantity − discount, then − discount + freight. */
function totalsOf(
  items: ItemValues[],
  discount: number | null,
  freight: number | null,
) {
  const lines = items.map((item) =>
    amount(item.unit_value)
      .times(amount(item.quantity))
      .minus(amount(item.discount)),
  );
  const order = roundMoney(sumMoney(lines));
  const total = roundMoney(order.minus(amount(discount)).plus(amount(freight)));
  return {
    lines: lines.map((line) => roundMoney(line).toNumber()),
    order: order.toNumber(),
    total: total.toNumber(),
  };
}

function ProductPicker({
  onPick,
}: {
  onPick: (product: {
    id: string;
    name: string;
    sku: string;
    price: number | null;
    unit: string | null;
    decimals: number;
  }) => void;
}) {
  const t = useTranslations("orders");
  const [search, setSearch] = useState("");
  const found = trpc.products.list.useQuery(
    { search, perPage: 8, only_active: true },
    { enabled: search.trim().length > 1 },
  );
  return (
    <div className="grid gap-2">
      <label className="grid gap-1 text-sm font-medium">
        {t("productSearch")}
        <Input
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t("productSearchPlaceholder")}
        />
      </label>
      {search.trim().length > 1 && (
        <ul className="grid gap-1" aria-label={t("productResults")}>
          {(found.data?.items ?? []).map((product) =>
            "brand" in product ? (
              <li key={product.id}>
                <Button
                  type="button"
                  variant="outline"
                  className="w-full justify-start"
                  onClick={() => {
                    onPick({
                      id: product.id,
                      name: product.name,
                      sku: product.sku,
                      price: product.price,
                      unit: product.measure_unit?.abbreviation ?? null,
                      decimals:
                        product.measure_unit?.decimals_for_quantity ?? 0,
                    });
                    setSearch("");
                  }}
                >
                  <PlusIcon aria-hidden />
                  {t("addProduct", { name: product.name })}
                  <span className="ml-auto font-mono text-xs text-muted-foreground">
                    {product.sku}
                  </span>
                </Button>
              </li>
            ) : null,
          )}
          {found.data && found.data.items.length === 0 && (
            <li className="text-sm text-muted-foreground">{t("noProducts")}</li>
          )}
        </ul>
      )}
    </div>
  );
}

export function NewOrder() {
  const t = useTranslations("orders");
  const common = useTranslations("common");
  const format = useFormat();
  const router = useRouter();
  const utils = trpc.useUtils();
  const partners = usePartnerOptions();
  const companies = useCompanyOptions();
  const sellers = useSellerOptions();
  const methods =
    trpc.paymentMethods.list.useQuery({ perPage: 100, sort: "name" }).data
      ?.items ?? [];
  const create = trpc.orders.create.useMutation({
    onSuccess: () => utils.orders.invalidate(),
  });
  const form = useForm<OrderValues>({
    defaultValues: {
      partner_id: "",
      company_id: "",
      seller_id: "",
      negotiation_date: today(),
      quotation: false,
      observation: "",
      shipment_street: "",
      shipment_number: "",
      shipment_complement: "",
      shipment_neighborhood: "",
      shipment_city: "",
      shipment_state: "",
      shipment_postal_code: "",
      shipment_contact_name: "",
      shipment_contact_number: "",
      discount_value: 0,
      freight_value: 0,
      items: [],
      payment_method_id: "",
      payment_installments: 1,
    },
  });
  const items = useFieldArray({ control: form.control, name: "items" });
  const watched = useWatch({ control: form.control });
  const totals = totalsOf(
    (watched.items ?? []) as ItemValues[],
    watched.discount_value ?? 0,
    watched.freight_value ?? 0,
  );
  const [error, setError] = useState<string | null>(null);

  const partnerId = watched.partner_id;
  const partner = trpc.partners.get.useQuery(
    { id: partnerId ?? "" },
    { enabled: Boolean(partnerId) },
  );
  const [filledFor, setFilledFor] = useState<string | null>(null);
  if (partner.data && filledFor !== partner.data.id) {
    setFilledFor(partner.data.id);
    const address =
      partner.data.addresses.find((entry) => entry.is_default) ??
      partner.data.addresses[0];
    if (address) {
      form.setValue("shipment_street", address.street ?? "");
      form.setValue("shipment_number", address.number ?? "");
      form.setValue("shipment_complement", address.complement ?? "");
      form.setValue("shipment_neighborhood", address.neighborhood ?? "");
      form.setValue("shipment_city", address.city ?? "");
      form.setValue("shipment_state", address.state ?? "");
      form.setValue("shipment_postal_code", address.postal_code ?? "");
    }
    if (partner.data.seller_id && !form.getValues("seller_id"))
      form.setValue("seller_id", partner.data.seller_id);
  }

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const current = totalsOf(
      values.items,
      values.discount_value,
      values.freight_value,
    );
    try {
      const created = await create.mutateAsync({
        partner_id: values.partner_id,
        company_id: values.company_id || null,
        seller_id: values.seller_id || null,
        negotiation_date: new Date(
          `${values.negotiation_date}T12:00:00.000Z`,
        ).toISOString(),
        quotation: values.quotation,
        observation: values.observation || null,
        shipment_address_name: t("deliveryAddress"),
        shipment_address_type: "DELIVERY",
        shipment_street: values.shipment_street,
        shipment_number: values.shipment_number,
        shipment_complement: values.shipment_complement,
        shipment_neighborhood: values.shipment_neighborhood,
        shipment_city: values.shipment_city,
        shipment_state: values.shipment_state,
        shipment_postal_code: values.shipment_postal_code,
        shipment_country: "BR",
        shipment_contact_name: values.shipment_contact_name,
        shipment_contact_number: values.shipment_contact_number,
        items: values.items.map((item) => ({
          product_id: item.product_id,
          unit: item.unit,
          quantity: item.quantity ?? 0,
          unit_value: item.unit_value ?? 0,
          discount: item.discount ?? 0,
        })),
        order_value: current.order,
        discount_value: values.discount_value ?? 0,
        freight_value: values.freight_value ?? 0,
        total_value: current.total,
        payments: values.payment_method_id
          ? [
              {
                payment_method_id: values.payment_method_id,
                amount: current.total,
                installments: values.payment_installments ?? 1,
              },
            ]
          : [],
      });
      toast.success(t("created"));
      router.push(`/orders/${created.id}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  });

  return (
    <>
      <PageHeader title={t("new")} description={t("newDescription")} />
      <form onSubmit={submit} className="grid gap-6" noValidate>
        <Card>
          <CardHeader>
            <CardTitle>{t("sections.parties")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <SelectField
              control={form.control}
              name="partner_id"
              label={t("fields.partner_id")}
              options={partners}
              required
            />
            <SelectField
              control={form.control}
              name="company_id"
              label={t("fields.company_id")}
              options={companies.options}
            />
            <SelectField
              control={form.control}
              name="seller_id"
              label={t("fields.seller_id")}
              options={sellers.options}
            />
            <TextField
              control={form.control}
              name="negotiation_date"
              label={t("fields.negotiation_date")}
              type="date"
              required
            />
            <SwitchField
              control={form.control}
              name="quotation"
              label={t("fields.quotation")}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("sections.items")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <ProductPicker
              onPick={(product) =>
                items.append({
                  product_id: product.id,
                  name: product.name,
                  sku: product.sku,
                  unit: product.unit,
                  decimals: product.decimals,
                  quantity: 1,
                  unit_value: product.price ?? 0,
                  discount: 0,
                })
              }
            />
            {items.fields.length === 0 && (
              <p className="text-sm text-muted-foreground">{t("noItems")}</p>
            )}
            <ol className="grid gap-3">
              {items.fields.map((item, index) => (
                <li
                  key={item.id}
                  className="grid items-end gap-3 rounded-md border p-3 md:grid-cols-[2fr_1fr_1fr_1fr_auto_auto]"
                  aria-label={t("itemLabel", { index: index + 1 })}
                >
                  <div className="grid">
                    <span className="font-medium">{item.name}</span>
                    <span className="font-mono text-xs text-muted-foreground">
                      {item.sku}
                    </span>
                  </div>
                  <QuantityField
                    control={form.control}
                    name={`items.${index}.quantity`}
                    label={t("fields.quantity")}
                    decimals={item.decimals}
                    unit={item.unit ?? undefined}
                  />
                  <MoneyField
                    control={form.control}
                    name={`items.${index}.unit_value`}
                    label={t("fields.unit_value")}
                  />
                  <MoneyField
                    control={form.control}
                    name={`items.${index}.discount`}
                    label={t("fields.item_discount")}
                  />
                  <output
                    className="pb-2 text-right tabular-nums"
                    aria-label={t("lineTotal")}
                  >
                    {format.money(totals.lines[index] ?? 0)}
                  </output>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => items.remove(index)}
                    aria-label={t("removeItem", { name: item.name })}
                  >
                    <Trash2Icon aria-hidden />
                  </Button>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("sections.delivery")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-3">
            <TextField
              control={form.control}
              name="shipment_street"
              label={t("fields.shipment_street")}
            />
            <TextField
              control={form.control}
              name="shipment_number"
              label={t("fields.shipment_number")}
            />
            <TextField
              control={form.control}
              name="shipment_complement"
              label={t("fields.shipment_complement")}
            />
            <TextField
              control={form.control}
              name="shipment_neighborhood"
              label={t("fields.shipment_neighborhood")}
            />
            <TextField
              control={form.control}
              name="shipment_city"
              label={t("fields.shipment_city")}
            />
            <TextField
              control={form.control}
              name="shipment_state"
              label={t("fields.shipment_state")}
            />
            <TextField
              control={form.control}
              name="shipment_postal_code"
              label={t("fields.shipment_postal_code")}
            />
            <TextField
              control={form.control}
              name="shipment_contact_name"
              label={t("fields.shipment_contact_name")}
            />
            <TextField
              control={form.control}
              name="shipment_contact_number"
              label={t("fields.shipment_contact_number")}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("sections.totals")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-3">
            <MoneyField
              control={form.control}
              name="discount_value"
              label={t("fields.discount_value")}
            />
            <MoneyField
              control={form.control}
              name="freight_value"
              label={t("fields.freight_value")}
            />
            <dl className="grid content-end gap-1 text-sm">
              <div className="flex justify-between">
                <dt>{t("fields.order_value")}</dt>
                <dd className="tabular-nums" data-testid="order-value">
                  {format.money(totals.order)}
                </dd>
              </div>
              <div className="flex justify-between text-base font-semibold">
                <dt>{t("fields.total_value")}</dt>
                <dd className="tabular-nums" data-testid="total-value">
                  {format.money(totals.total)}
                </dd>
              </div>
            </dl>
            <SelectField
              control={form.control}
              name="payment_method_id"
              label={t("fields.payment_method_id")}
              options={methods.map((method) => ({
                value: method.id,
                label: method.name,
              }))}
            />
            <QuantityField
              control={form.control}
              name="payment_installments"
              label={t("fields.installments")}
            />
            <TextField
              control={form.control}
              name="observation"
              label={t("fields.observation")}
              multiline
            />
          </CardContent>
        </Card>

        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => router.push("/orders")}
          >
            {common("cancel")}
          </Button>
          <Button
            type="submit"
            disabled={create.isPending || items.fields.length === 0}
          >
            {create.isPending ? common("saving") : t("create")}
          </Button>
        </div>
      </form>
    </>
  );
}
