"use client";

import { PlusIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useId, useMemo, useState } from "react";
import { useController, useFieldArray, useWatch, type Control } from "react-hook-form";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { Breadcrumbs } from "@/components/panel/breadcrumbs";
import { PageHeader } from "@/components/panel/page-header";
import { useCompanyOptions, useSellerOptions, useWarehouseOptions } from "@/components/parties/options";
import { useOrderName } from "@/components/records/order-name";
import {
  DateField,
  MoneyField,
  QuantityField,
  ResourceForm,
  SelectField,
  SwitchField,
  PhoneField,
  PostalCodeField,
  StateField,
  TextField,
  useResourceForm,
} from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { today } from "@/lib/dates";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import type { OrderDetail } from "@/server/orders/orders/schemas";
import { usePartnerOptions } from "./orders-list";
import {
  createInput,
  emptyPayment,
  netUnitValue,
  newKey,
  newOrderValues,
  type OrderFormInput,
  orderFormSchema,
  orderTotals,
  storedOrderValues,
  updateInput,
} from "./order-values";
import { StockHint } from "./item-stock";
import { InvoiceTotals, ItemTaxLine, useInvoicePreview } from "./invoice-preview";
import { HoldWarning } from "./holds";
import { PriceHint, usePriceSuggestions, type ProductFacts } from "./price-suggestion";

/** The delivery address and contact, as the order stores them. */
const SHIPMENT_FIELDS = [
  "shipment_street",
  "shipment_number",
  "shipment_complement",
  "shipment_neighborhood",
  "shipment_city",
  "shipment_state",
  "shipment_postal_code",
  "shipment_contact_name",
  "shipment_contact_number",
] as const;
/** A product chosen in the search, as a new row needs it. */
interface PickedProduct extends ProductFacts {
  id: string;
  name: string;
  sku: string;
  unit: string | null;
}

/**
 * The product search of the order form, a combobox: typing lists the matches, the arrow
 * keys move the highlight, Enter adds the highlighted product (the first by default) and
 * never submits the form, Escape clears the search.
 */
function ProductPicker({ onPick }: { onPick: (product: PickedProduct) => void }) {
  const t = useTranslations("orders");
  const [search, setSearch] = useState("");
  const [highlight, setHighlight] = useState(0);
  const searching = search.trim().length > 1;
  const found = trpc.products.list.useQuery({ search, perPage: 8, only_active: true }, { enabled: searching });
  const products = searching ? (found.data?.items ?? []).flatMap((product) => ("brand" in product ? [product] : [])) : [];
  const active = Math.min(highlight, Math.max(products.length - 1, 0));
  const listId = useId();
  const optionId = (index: number) => `${listId}-${index}`;
  const pick = (product: (typeof products)[number]) => {
    onPick({
      id: product.id,
      name: product.name,
      sku: product.sku,
      price: product.price,
      unit: product.measure_unit?.abbreviation ?? null,
      decimals: product.measure_unit?.decimals_for_quantity ?? 0,
      trackStock: product.track_stock,
    });
    setSearch("");
    setHighlight(0);
  };
  return (
    <div className="grid gap-2">
      <label className="grid gap-1 text-sm font-medium">
        {t("productSearch")}
        <Input
          role="combobox"
          aria-expanded={products.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={products.length > 0 ? optionId(active) : undefined}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setHighlight(0);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              // Enter chooses a product here; the form is submitted by its button.
              event.preventDefault();
              const product = products[active];
              if (product) pick(product);
            } else if (event.key === "ArrowDown" && products.length > 0) {
              event.preventDefault();
              setHighlight((active + 1) % products.length);
            } else if (event.key === "ArrowUp" && products.length > 0) {
              event.preventDefault();
              setHighlight((active - 1 + products.length) % products.length);
            } else if (event.key === "Escape" && search) {
              event.preventDefault();
              setSearch("");
            }
          }}
          placeholder={t("productSearchPlaceholder")}
        />
      </label>
      {searching && (
        <ul id={listId} role="listbox" className="grid gap-1" aria-label={t("productResults")}>
          {products.map((product, index) => (
            <li
              key={product.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              title={product.name}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(product)}
              className={cn(
                "flex min-w-0 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm hover:bg-accent",
                index === active && "border-ring bg-accent",
              )}
            >
              <PlusIcon aria-hidden className="size-4 shrink-0" />
              <span className="min-w-0 truncate">{t("addProduct", { name: product.name })}</span>
              <span className="ml-auto shrink-0 font-mono text-xs text-muted-foreground">{product.sku}</span>
            </li>
          ))}
          {found.data && products.length === 0 && (
            <li role="presentation" className="text-sm text-muted-foreground">
              {t("noProducts")}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

/**
 * The order's coupons: each chosen one by its code, name and value, removable; the active
 * coupons of the org to add (their use is counted when the order is saved; one used up,
 * expired or inactive is refused by the server with its reason).
 */
function CouponsCard({ control, stored }: { control: Control<OrderFormInput>; stored: OrderDetail["coupons"] }) {
  const t = useTranslations("orders");
  const format = useFormat();
  const { field } = useController({ control, name: "coupons" });
  const chosen = field.value ?? [];
  const active = trpc.coupons.list.useQuery({ active: true, perPage: 100, sort: "code" }, { staleTime: 30_000 });
  // The order's own coupons come with it (even one no longer active); added ones from the list.
  type Shown = { code: string; name: string; value_type: string; value: number };
  const known = new Map<string, Shown>([
    ...stored.map((coupon): [string, Shown] => [coupon.coupon_id, coupon]),
    ...(active.data?.items ?? []).map((coupon): [string, Shown] => [coupon.id, coupon]),
  ]);
  const valueOf = (coupon: { value_type: string; value: number }) =>
    coupon.value_type === "PERCENTAGE" ? format.percent(coupon.value) : format.money(coupon.value);
  const options = (active.data?.items ?? []).filter((coupon) => !chosen.includes(coupon.id));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("sections.coupons")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {chosen.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("noCoupons")}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label={t("sections.coupons")}>
            {chosen.map((id) => {
              const coupon = known.get(id);
              const label = coupon ? `${coupon.code} · ${coupon.name} · ${valueOf(coupon)}` : "…";
              return (
                <li key={id} className="flex min-w-0 items-center gap-1 rounded-md border px-2 py-1 text-sm">
                  <span className="min-w-0 truncate" title={label}>
                    {label}
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-6"
                    aria-label={t("removeCoupon", { code: coupon?.code ?? "" })}
                    onClick={() => field.onChange(chosen.filter((other) => other !== id))}
                  >
                    <Trash2Icon aria-hidden />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <label className="grid max-w-md gap-1 text-sm font-medium">
          {t("addCoupon")}
          <Select value="" onValueChange={(id) => field.onChange([...chosen, id])} disabled={options.length === 0}>
            <SelectTrigger>
              <SelectValue placeholder={options.length === 0 ? t("noActiveCoupons") : t("chooseCoupon")} />
            </SelectTrigger>
            <SelectContent>
              {options.map((coupon) => (
                <SelectItem key={coupon.id} value={coupon.id}>
                  {`${coupon.code} · ${coupon.name} · ${valueOf(coupon)}`}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </label>
        <p className="text-xs text-muted-foreground">{t("couponHint")}</p>
      </CardContent>
    </Card>
  );
}

/** The decimals of a quantity whose unit is not known yet (the API's limit). */
const ANY_DECIMALS = 4;

export type OrderFormProps = { mode: "create" } | { mode: "edit"; order: OrderDetail };

/**
 * The order form, for a new order and for editing one that is not in a final status: the
 * parties, the items (added by product search, priced by the price engine), delivery,
 * discount, freight and payments, with live totals (contract §7). Editing replaces the
 * items and payments as sent (PUT /orders/{id}); what the form does not show is kept.
 */
export function OrderForm(props: OrderFormProps) {
  const t = useTranslations("orders");
  const common = useTranslations("common");
  const orderName = useOrderName();
  const format = useFormat();
  const router = useRouter();
  const utils = trpc.useUtils();
  const order = props.mode === "edit" ? props.order : undefined;
  const partnerOptions = usePartnerOptions();
  const companies = useCompanyOptions();
  const sellers = useSellerOptions();
  const warehouses = useWarehouseOptions();
  const methods = trpc.paymentMethods.list.useQuery({ perPage: 100, sort: "name" }, { staleTime: 30_000 }).data?.items ?? [];
  const create = trpc.orders.create.useMutation({
    onSuccess: () => utils.orders.invalidate(),
  });
  const update = trpc.orders.update.useMutation({
    onSuccess: () => utils.orders.invalidate(),
  });
  const form = useResourceForm(orderFormSchema, {
    defaultValues: order ? storedOrderValues(order) : newOrderValues(today()),
    labels: "orders.fields",
  });
  const items = useFieldArray({ control: form.control, name: "items" });
  const payments = useFieldArray({ control: form.control, name: "payments" });
  const watched = useWatch({ control: form.control });
  // Contract §12: the taxes of what is typed; the payments split what the customer pays.
  const invoice = useInvoicePreview(watched);
  const payable = invoice?.invoice_value ?? null;
  const totals = orderTotals(watched, payable);

  // The stored order's partner may be past the first page of choices.
  const partners = useMemo(
    () =>
      order && !partnerOptions.some((option) => option.value === order.partner.id)
        ? [{ value: order.partner.id, label: order.partner.name }, ...partnerOptions]
        : partnerOptions,
    [order, partnerOptions],
  );

  // Units and prices of the stored items' products; the picked ones are remembered as picked.
  const storedProducts = useMemo(() => [...new Set(order?.items.map((item) => item.productId) ?? [])].slice(0, 100), [order]);
  const lookup = trpc.products.list.useQuery(
    { product_ids: storedProducts, perPage: 100 },
    { enabled: storedProducts.length > 0, staleTime: 30_000 },
  );
  const [picked, setPicked] = useState<ReadonlyMap<string, ProductFacts>>(new Map());
  const facts = useCallback(
    (productId: string): ProductFacts | undefined => {
      const chosen = picked.get(productId);
      if (chosen) return chosen;
      const product = lookup.data?.items.find((item) => item.id === productId);
      return product && "brand" in product
        ? {
            price: product.price,
            decimals: product.measure_unit?.decimals_for_quantity ?? 0,
            trackStock: product.track_stock,
          }
        : undefined;
    },
    [picked, lookup.data],
  );
  const suggestions = usePriceSuggestions(form, facts, props.mode === "edit");
  // A stored item's own reservation counts as available to it while it stays in the same warehouse.
  const heldOf = (key: string, warehouseId: string | null) => {
    const stored = order?.items.find((item) => item.id === key);
    return stored && !order?.quotation && stored.warehouseId === warehouseId ? stored.reservedQuantity : 0;
  };

  // Choosing a partner fills the delivery address (its default one) and its seller.
  const partnerId = watched.partner_id;
  const partner = trpc.partners.get.useQuery({ id: partnerId ?? "" }, { enabled: Boolean(partnerId) });
  const [filledFor, setFilledFor] = useState<string | null>(order?.partner_id ?? null);
  if (partner.data && partner.data.id === partnerId && filledFor !== partner.data.id) {
    setFilledFor(partner.data.id);
    const address = partner.data.addresses.find((entry) => entry.is_default) ?? partner.data.addresses[0];
    if (address) {
      form.setValue("shipment_street", address.street ?? "");
      form.setValue("shipment_number", address.number ?? "");
      form.setValue("shipment_complement", address.complement ?? "");
      form.setValue("shipment_neighborhood", address.neighborhood ?? "");
      form.setValue("shipment_city", address.city ?? "");
      form.setValue("shipment_state", address.state ?? "");
      form.setValue("shipment_postal_code", address.postal_code ?? "");
    }
    if (partner.data.seller_id && !form.getValues("seller_id")) form.setValue("seller_id", partner.data.seller_id);
  }

  const itemsError = form.formState.errors.items?.message ?? form.formState.errors.items?.root?.message;
  const title = order ? t("edit") : t("new");
  const cancelHref = order ? `/orders/${order.id}` : listHref("/orders");

  return (
    <>
      <PageHeader title={title} description={order ? t("editDescription", { partner: order.partner.name }) : t("newDescription")}>
        <Breadcrumbs
          items={[
            { label: t("title"), href: listHref("/orders") },
            ...(order ? [{ label: orderName(order), href: `/orders/${order.id}` }] : []),
            { label: title },
          ]}
        />
      </PageHeader>
      <ResourceForm
        form={form}
        cancelHref={cancelHref}
        submitLabel={order ? common("saveChanges") : t("create")}
        onSubmit={async (values) => {
          if (order) {
            await update.mutateAsync(updateInput(values, order, payable));
            toast.success(t("saved"));
            router.push(`/orders/${order.id}`);
          } else {
            const created = await create.mutateAsync(createInput(values, t("deliveryAddress"), payable));
            toast.success(t("created"));
            router.push(`/orders/${created.id}`);
          }
        }}
      >
        <Card>
          <CardHeader>
            <CardTitle>{t("sections.parties")}</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <SelectField control={form.control} name="partner_id" label={t("fields.partner_id")} options={partners} required />
            <SelectField control={form.control} name="company_id" label={t("fields.company_id")} options={companies.options} />
            <SelectField control={form.control} name="seller_id" label={t("fields.seller_id")} options={sellers.options} />
            <SelectField
              control={form.control}
              name="warehouse_id"
              label={t("fields.warehouse_id")}
              options={warehouses.options}
              placeholder={t("defaultWarehouse")}
              description={t("warehouseDescription")}
            />
            <DateField control={form.control} name="negotiation_date" label={t("fields.negotiation_date")} required />
            <TextField
              control={form.control}
              name="purchase_order"
              label={t("fields.purchase_order")}
              description={t("purchaseOrderDescription")}
            />
            <SwitchField control={form.control} name="quotation" label={t("fields.quotation")} />
            {watched.quotation && (
              <DateField
                control={form.control}
                name="valid_until"
                label={t("fields.valid_until")}
                description={t("validUntilDescription")}
              />
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("sections.items")}</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4">
            <ProductPicker
              onPick={(product) => {
                setPicked((current) =>
                  new Map(current).set(product.id, {
                    price: product.price,
                    decimals: product.decimals,
                    trackStock: product.trackStock,
                  }),
                );
                items.append({
                  key: newKey(),
                  product_id: product.id,
                  name: product.name,
                  sku: product.sku,
                  unit: product.unit,
                  warehouse_id: "",
                  quantity: 1,
                  unit_value: product.price ?? 0,
                  discount: 0,
                });
              }}
            />
            {items.fields.length === 0 && <p className="text-sm text-muted-foreground">{t("noItems")}</p>}
            {itemsError && (
              <p role="alert" tabIndex={-1} data-form-error className="text-sm text-destructive outline-none">
                {t("itemsRequired")}
              </p>
            )}
            <ol className="grid gap-3">
              {items.fields.map((item, index) => (
                <li
                  key={item.id}
                  className="grid grid-cols-1 items-end gap-3 rounded-md border p-3 md:grid-cols-[2fr_1.5fr_1fr_1fr_1fr_auto_auto]"
                  aria-label={t("itemLabel", { index: index + 1 })}
                >
                  <div className="grid">
                    <span className="font-medium">{item.name}</span>
                    <span className="font-mono text-xs text-muted-foreground">{item.sku}</span>
                  </div>
                  <SelectField
                    control={form.control}
                    name={`items.${index}.warehouse_id`}
                    label={t("fields.item_warehouse")}
                    options={warehouses.options}
                    placeholder={t("orderWarehouse")}
                  />
                  <QuantityField
                    control={form.control}
                    name={`items.${index}.quantity`}
                    label={t("fields.quantity")}
                    decimals={facts(item.product_id)?.decimals ?? ANY_DECIMALS}
                    unit={item.unit ?? undefined}
                  />
                  <MoneyField control={form.control} name={`items.${index}.unit_value`} label={t("fields.unit_value")} />
                  <MoneyField control={form.control} name={`items.${index}.discount`} label={t("fields.item_discount")} />
                  <output className="pb-2 text-right tabular-nums" aria-label={t("lineTotal")}>
                    {format.money(totals.lines[index] ?? 0)}
                    <ItemTaxLine taxes={invoice?.items[index]?.taxes} />
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
                  <PriceHint
                    id={`price-hint-${item.id}`}
                    suggestion={suggestions.get(item.key)}
                    net={netUnitValue(watched.items?.[index])}
                  />
                  <StockHint
                    id={`stock-hint-${item.id}`}
                    productId={item.product_id}
                    warehouseId={watched.items?.[index]?.warehouse_id || watched.warehouse_id || warehouses.defaultId}
                    companyId={watched.company_id || companies.defaultId}
                    quantity={watched.items?.[index]?.quantity ?? 0}
                    held={heldOf(item.key, watched.items?.[index]?.warehouse_id || watched.warehouse_id || warehouses.defaultId)}
                    trackStock={facts(item.product_id)?.trackStock}
                  />
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("sections.delivery")}</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4 md:grid-cols-3">
            {SHIPMENT_FIELDS.map((name) =>
              name === "shipment_postal_code" ? (
                <PostalCodeField key={name} control={form.control} name={name} label={t(`fields.${name}`)} />
              ) : name === "shipment_state" ? (
                <StateField key={name} control={form.control} name={name} label={t(`fields.${name}`)} />
              ) : name === "shipment_contact_number" ? (
                <PhoneField key={name} control={form.control} name={name} label={t(`fields.${name}`)} />
              ) : (
                <TextField key={name} control={form.control} name={name} label={t(`fields.${name}`)} />
              ),
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("sections.totals")}</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4 md:grid-cols-3">
            <MoneyField control={form.control} name="discount_value" label={t("fields.discount_value")} />
            <MoneyField control={form.control} name="freight_value" label={t("fields.freight_value")} />
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
              <InvoiceTotals totals={invoice?.tax_totals ?? null} invoice={invoice?.invoice_value ?? totals.total} total={totals.total} />
            </dl>
            <TextField control={form.control} name="observation" label={t("fields.observation")} multiline className="md:col-span-3" />
          </CardContent>
        </Card>

        <CouponsCard control={form.control} stored={order?.coupons ?? []} />

        <Card>
          <CardHeader>
            <CardTitle>{t("sections.payments")}</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4">
            {payments.fields.length === 0 && <p className="text-sm text-muted-foreground">{t("noPayments")}</p>}
            <ol className="grid gap-3">
              {payments.fields.map((payment, index) => {
                const row = watched.payments?.[index];
                const rest =
                  row?.payment_method_id && (row.amount === null || row.amount === undefined) ? totals.payments[index] : undefined;
                return (
                  <li
                    key={payment.id}
                    className="grid grid-cols-1 items-start gap-3 rounded-md border p-3 md:grid-cols-[2fr_1fr_1fr_auto]"
                    aria-label={t("paymentLabel", { index: index + 1 })}
                  >
                    <SelectField
                      control={form.control}
                      name={`payments.${index}.payment_method_id`}
                      label={t("fields.payment_method_id")}
                      options={methods.map((method) => ({
                        value: method.id,
                        label: method.name,
                      }))}
                    />
                    <QuantityField control={form.control} name={`payments.${index}.installments`} label={t("fields.installments")} />
                    <MoneyField
                      control={form.control}
                      name={`payments.${index}.amount`}
                      label={t("fields.amount")}
                      description={rest === undefined ? undefined : t("restOfTotal", { amount: format.money(rest) })}
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="mt-6"
                      onClick={() => payments.remove(index)}
                      aria-label={t("removePayment", { index: index + 1 })}
                    >
                      <Trash2Icon aria-hidden />
                    </Button>
                  </li>
                );
              })}
            </ol>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <Button type="button" variant="outline" onClick={() => payments.append(emptyPayment())}>
                <PlusIcon aria-hidden />
                {t("addPayment")}
              </Button>
              {totals.payments.some((value) => value !== undefined) && totals.paid !== (payable ?? totals.total) && (
                <p role="status" className="text-sm text-warning">
                  {t("paymentsMismatch", {
                    paid: format.money(totals.paid),
                    total: format.money(payable ?? totals.total),
                  })}
                </p>
              )}
            </div>
          </CardContent>
        </Card>
        <HoldWarning order={order} values={watched} total={totals.total} />
      </ResourceForm>
    </>
  );
}
