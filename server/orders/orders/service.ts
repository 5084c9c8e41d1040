import type { Db } from "../../db/scoped";
import { AppError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import { isUuid } from "../../lib/ids";
import { paginate, type Page } from "../../lib/paging";
import { endOfDay, startOfDay } from "../../lib/calendar";
import { searchWhere } from "../../lib/search";
import {
  SHIPMENT_FIELDS,
  type OrderCreateResponse,
  type OrderDetail,
  type OrderListInput,
  type OrderListRecord,
  type OrderUpdateResponse,
} from "./schemas";
import { detailOf, listRecordOf, readOrderRows } from "./shape";
import { scopeWhere, type OrderScope } from "../../auth/scope";
import { orderNumberOf } from "./number";

/**
 * Orders (interface "Order"): how they are read — the detail, the list, the answers of the
 * writes. Every write goes through the one writer, server/orders/orders/write-order.ts.
 */

type ShipmentField = (typeof SHIPMENT_FIELDS)[number];

/** The twelve shipment fields of a row or detail. */
function shipmentOf(row: { [Key in ShipmentField]: string | null }): {
  [Key in ShipmentField]: string | null;
} {
  return {
    shipment_address_name: row.shipment_address_name,
    shipment_address_type: row.shipment_address_type,
    shipment_street: row.shipment_street,
    shipment_number: row.shipment_number,
    shipment_complement: row.shipment_complement,
    shipment_neighborhood: row.shipment_neighborhood,
    shipment_city: row.shipment_city,
    shipment_state: row.shipment_state,
    shipment_postal_code: row.shipment_postal_code,
    shipment_country: row.shipment_country,
    shipment_contact_name: row.shipment_contact_name,
    shipment_contact_number: row.shipment_contact_number,
  };
}

/** The order's own fields as the update response has them. */
export function toUpdateResponse(detail: OrderDetail): OrderUpdateResponse {
  const { shipment_city: _city, ...shipment } = shipmentOf(detail);
  return {
    id: detail.id,
    origin: detail.origin,
    company_id: detail.company_id,
    partner_id: detail.partner_id,
    negotiation_date: detail.negotiation_date,
    seller_id: detail.seller_id,
    total_value: detail.total_value,
    order_value: detail.order_value,
    discount_value: detail.discount_value,
    ...shipment,
    quotation: detail.quotation,
    attachments: detail.attachments.map((attachment) => attachment.file_id),
    invoices: detail.invoices.map(({ invoice_key, xml_resource_id, danfe_resource_id }) => ({
      invoice_key,
      xml_resource_id,
      danfe_resource_id,
    })),
  };
}

export function toCreateResponse(detail: OrderDetail): OrderCreateResponse {
  return {
    ...toUpdateResponse(detail),
    items: detail.items.map((item) => ({
      id: item.id,
      order_id: item.orderId,
      product_id: item.productId,
      unit_value: item.unitValue,
      quantity: item.quantity,
      unit: item.unit,
      discount: item.discount,
      product_variation_id: item.productVariationId,
      attributes: item.attributes,
    })),
  };
}

/** GET /orders/{id}: the order with everything that hangs off it, in one statement (shape.ts); 404 when not the caller's. */
export async function getOrder(db: Db, scope: OrderScope, id: string): Promise<OrderDetail> {
  const [row] = isUuid(id) ? await readOrderRows(db, [id], scope) : [];
  if (!row) throw AppError.notFound("Order");
  return detailOf(row);
}

/** 404 unless the order exists in the org and the scope sees it; answers whether it is locked (final status). */
export async function findVisibleOrder(db: Db, scope: OrderScope, id: string): Promise<{ id: string; locked: boolean }> {
  const row = isUuid(id)
    ? await db.order.findFirst({
        where: { id, ...scopeWhere(scope) },
        select: { id: true, status: { select: { is_final: true } } },
      })
    : null;
  if (!row) throw AppError.notFound("Order");
  return { id: row.id, locked: row.status.is_final };
}

const listInclude = {
  holds: { orderBy: [{ created_at: "asc" }, { reason: "asc" }], select: { reason: true, details: true, created_at: true } },
  partner: { select: { name: true } },
  seller: { select: { name: true } },
  status: { select: { title: true, background_color: true, font_color: true } },
} satisfies Prisma.OrderInclude;

const column = (field: string) => (dir: "asc" | "desc") => ({ [field]: dir });

/** An NF-e access key as typed or pasted (44 digits, maybe in groups). */
const NFE_KEY = /^[\d\s.-]+$/;

/**
 * The ways staff find an order by what they type, for the list's `search` and the
 * palette alike: its search text (partner, CPF/CNPJ with or without its mask, city,
 * observation), its number as people type it ("nº 1.234") or an invoice's NF-e key (in
 * groups or not). Empty for an empty text.
 */
export function orderSearchMatches(search: string): Prisma.OrderWhereInput[] {
  const text = search.trim();
  const words = searchWhere(text);
  const number = orderNumberOf(text);
  const digits = text.replace(/\D/g, "");
  return [
    ...(words.search_text ? [words] : []),
    ...(number === null ? [] : [{ number }]),
    ...(NFE_KEY.test(text) && digits.length === 44 ? [{ invoices: { some: { invoice_key: digits } } }] : []),
  ];
}

/** A list's `search` (`orderSearchMatches`): no filter when empty. */
function searchOrNumber(search: string): Prisma.OrderWhereInput {
  const matches = orderSearchMatches(search);
  return matches.length === 0 ? {} : { OR: matches };
}

/** GET /orders: paged, filtered by partner, period (negotiation date), quotation, status and seller. */
export async function listOrders(db: Db, scope: OrderScope, input: OrderListInput): Promise<Page<OrderListRecord>> {
  const negotiation_date = {
    ...(input.start_date ? { gte: startOfDay(input.start_date) } : {}),
    ...(input.end_date ? { lte: endOfDay(input.end_date) } : {}),
  };
  const where = {
    ...(input.partner_id ? { partner_id: input.partner_id } : {}),
    ...(input.start_date || input.end_date ? { negotiation_date } : {}),
    ...(input.quotation === undefined ? {} : { quotation: input.quotation }),
    ...(input.status ? { status_id: input.status } : {}),
    ...(input.seller_id ? { seller_id: input.seller_id } : {}),
    ...(input.on_hold === undefined ? {} : { holds: input.on_hold ? { some: {} } : { none: {} } }),
    ...scopeWhere(scope),
    ...searchOrNumber(input.search),
  };
  // The rows with their names: the include is the delegate's, so the rows are typed with it.
  const delegate = {
    findMany: (args: object) => db.order.findMany({ ...args, include: listInclude }),
    count: (args: object) => db.order.count(args),
  };
  return paginate(delegate, input, {
    where,
    sortable: {
      id: column("id"),
      number: column("number"),
      negotiation_date: column("negotiation_date"),
      total_value: column("total_value"),
      order_value: column("order_value"),
      created_at: column("created_at"),
      updated_at: column("updated_at"),
      status: (dir) => ({ status: { order: dir } }),
      partner_name: (dir) => ({ partner: { name: dir } }),
      seller_name: (dir) => ({ seller: { name: dir } }),
    },
    defaultSort: "negotiation_date",
    toItem: listRecordOf,
  });
}
