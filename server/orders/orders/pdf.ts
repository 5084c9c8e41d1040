import { createElement as h, type ReactElement } from "react";
import { Document, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { formatFiscalNumber } from "../../lib/fiscal-number";
import { brDate, brDateTime } from "../../lib/br-dates";
import { formatNfeKey } from "../../lib/nfe-key";
import type { OrderDetail } from "./schemas";

/**
 * The order as a PDF, in Portuguese (issue 12 "Print"): rendered in Node by
 * @react-pdf/renderer, no browser. The same sections as the panel's print view.
 */

const brl = new Intl.NumberFormat("pt-BR", {
  style: "currency",
  currency: "BRL",
});
const quantity = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 4 });
/** "Pedido nº 1.234" / "Orçamento nº 1.234". */
const titleOf = (order: OrderDetail) =>
  `${order.quotation ? "Orçamento" : "Pedido"} nº ${new Intl.NumberFormat("pt-BR").format(order.number)}`;
const date = brDate;
const dateTime = (iso: string) => brDateTime(iso);

const styles = StyleSheet.create({
  page: { padding: 36, fontSize: 9, fontFamily: "Helvetica", color: "#111827" },
  title: { fontSize: 16, fontFamily: "Helvetica-Bold", marginBottom: 4 },
  subtitle: { fontSize: 9, color: "#4b5563", marginBottom: 12 },
  section: { marginBottom: 12 },
  heading: {
    fontSize: 11,
    fontFamily: "Helvetica-Bold",
    marginBottom: 4,
    borderBottomWidth: 1,
    borderBottomColor: "#d1d5db",
    paddingBottom: 2,
  },
  row: { flexDirection: "row" },
  cell: { paddingVertical: 2, paddingRight: 4 },
  head: { fontFamily: "Helvetica-Bold", backgroundColor: "#f3f4f6" },
  right: { textAlign: "right" },
  label: { color: "#4b5563" },
  totals: { alignSelf: "flex-end", width: 220 },
  total: { fontFamily: "Helvetica-Bold", fontSize: 11 },
});

const line = (label: string, value: string | null | undefined) =>
  h(Text, { key: label }, h(Text, { style: styles.label }, `${label}: `), value ?? "—");

const columns = [
  { title: "Produto", width: "34%" },
  { title: "SKU", width: "14%" },
  { title: "Qtd.", width: "10%", right: true },
  { title: "Un.", width: "6%" },
  { title: "Valor unit.", width: "12%", right: true },
  { title: "Desconto", width: "11%", right: true },
  { title: "Total", width: "13%", right: true },
];

function tableRow(cells: string[], head = false, key?: string): ReactElement {
  return h(
    View,
    { style: [styles.row, ...(head ? [styles.head] : [])], key, wrap: false },
    cells.map((cell, index) =>
      h(
        Text,
        {
          key: String(index),
          style: [styles.cell, { width: columns[index]!.width }, ...(columns[index]!.right ? [styles.right] : [])],
        },
        cell,
      ),
    ),
  );
}

function address(order: OrderDetail): string {
  const parts = [
    [order.shipment_street, order.shipment_number].filter(Boolean).join(", "),
    order.shipment_complement,
    order.shipment_neighborhood,
    [order.shipment_city, order.shipment_state].filter(Boolean).join(" - "),
    order.shipment_postal_code,
  ];
  return parts.filter(Boolean).join(" · ") || "—";
}

/**
 * Items per page of the table. The renderer lays out and breaks a page's content again for
 * every page it spills onto, so one flowing table costs more per item the longer it gets;
 * a page of its own for each slice keeps each layout small and the whole linear in the items
 * (a slice that still overflows, with long names, spills onto one more page of its own).
 */
const ITEMS_PER_PAGE = 35;
const FIRST_PAGE_ITEMS = 15;

function itemRows(items: OrderDetail["items"]): ReactElement[] {
  return items.map((item) =>
    tableRow(
      [
        item.productName,
        item.sku,
        quantity.format(item.quantity),
        item.unit ?? "",
        brl.format(item.unitValue),
        brl.format(item.discount),
        brl.format(item.totalValue),
      ],
      false,
      item.id,
    ),
  );
}

/** A section of one line per entry (`[key, text]`), or nothing when there is none. */
function listSection(heading: string, lines: Array<[string, string]>): ReactElement | null {
  if (lines.length === 0) return null;
  return h(
    View,
    { style: styles.section, key: heading },
    h(Text, { style: styles.heading }, heading),
    ...lines.map(([key, text]) => h(Text, { key }, text)),
  );
}

/** The items after the first page's, in slices of `ITEMS_PER_PAGE`. */
function slices<T>(items: T[], first: number, size: number): T[][] {
  const rest: T[][] = [];
  for (let at = first; at < items.length; at += size) rest.push(items.slice(at, at + size));
  return rest;
}

export function orderDocument(order: OrderDetail): ReactElement {
  const totals: Array<[string, number]> = [
    ["Produtos", order.order_value],
    ["Descontos", -order.discount_value],
    ["Frete", order.freight_value],
  ];
  const header = [
    h(Text, { style: styles.title, key: "title" }, titleOf(order)),
    h(
      Text,
      { style: styles.subtitle, key: "subtitle" },
      `Negociado em ${date(order.negotiation_date)} · situação: ${order.status_detail.title}`,
    ),
    h(
      View,
      { style: styles.section, key: "partner" },
      h(Text, { style: styles.heading }, "Cliente"),
      line("Razão social", order.partner.name),
      line("CPF/CNPJ", formatFiscalNumber(order.partner.fiscal_registration_number)),
      line("Empresa", order.company ? `${order.company.name} (${formatFiscalNumber(order.company.fiscal_registration_number)})` : null),
      line("Vendedor", order.seller?.name),
      line("Pedido de compra", order.purchase_order),
    ),
    h(
      View,
      { style: styles.section, key: "shipment" },
      h(Text, { style: styles.heading }, "Entrega"),
      line("Endereço", address(order)),
      line("Contato", [order.shipment_contact_name, order.shipment_contact_number].filter(Boolean).join(" · ") || null),
      line("Forma de entrega", order.delivery_method_name),
      line("Data de entrega", order.delivery_date),
    ),
  ];
  const footer = [
    h(
      View,
      { style: [styles.section, styles.totals], key: "totals" },
      ...totals.map(([label, value]) =>
        h(
          View,
          { key: label, style: [styles.row, { justifyContent: "space-between" }] },
          h(Text, null, label),
          h(Text, null, brl.format(value)),
        ),
      ),
      h(
        View,
        { style: [styles.row, { justifyContent: "space-between" }] },
        h(Text, { style: styles.total }, "Total"),
        h(Text, { style: styles.total }, brl.format(order.total_value)),
      ),
    ),
    listSection(
      "Pagamentos",
      order.payments.map((payment) => [
        payment.id,
        `${payment.paymentMethodName}: ${brl.format(payment.amount)} em ${payment.installments}x`,
      ]),
    ),
    listSection(
      "Notas fiscais",
      order.invoices.map((invoice) => [
        invoice.id,
        `${formatNfeKey(invoice.invoice_key)}${invoice.invoice_number ? ` · nº ${invoice.invoice_number}` : ""}`,
      ]),
    ),
    listSection(
      "Cupons",
      order.coupons.map((coupon) => [coupon.coupon_id, `${coupon.code} · ${coupon.name}`]),
    ),
    order.observation
      ? h(
          View,
          { style: styles.section, key: "observation" },
          h(Text, { style: styles.heading }, "Observações"),
          h(Text, null, order.observation),
        )
      : null,
  ];
  const issued = h(
    Text,
    { style: { color: "#6b7280", marginTop: 8 }, fixed: true, key: "issued" },
    `Emitido em ${dateTime(new Date().toISOString())}`,
  );
  // The first page opens with the order's parties, the last one closes with its totals.
  const pages = [order.items.slice(0, FIRST_PAGE_ITEMS), ...slices(order.items, FIRST_PAGE_ITEMS, ITEMS_PER_PAGE)];
  return h(
    Document,
    { title: titleOf(order), language: "pt-BR", author: order.company?.name ?? undefined },
    ...pages.map((slice, index) =>
      h(
        Page,
        { size: "A4", style: styles.page, key: String(index) },
        ...(index === 0 ? header : []),
        h(
          View,
          { style: styles.section },
          index === 0 ? h(Text, { style: styles.heading }, "Itens") : null,
          tableRow(
            columns.map((column) => column.title),
            true,
          ),
          ...itemRows(slice),
        ),
        ...(index === pages.length - 1 ? footer : []),
        issued,
      ),
    ),
  );
}

/** The PDF bytes of an order. */
export function renderOrderPdf(order: OrderDetail): Promise<Buffer> {
  return renderToBuffer(orderDocument(order) as Parameters<typeof renderToBuffer>[0]);
}
