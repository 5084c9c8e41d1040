import { recordAudit } from "../../audit/service";
import type { Db } from "../../db/scoped";
import { writeContext } from "../../db/transaction";
import { AppError, type FieldError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import { isUuid } from "../../lib/ids";
import { money, toJsonNumber } from "../../lib/money";
import { paginate, type Page, type PageableDelegate, type PagingInput } from "../../lib/paging";
import { searchText, searchWhere } from "../../lib/search";
import { ALL_ORDERS, financialScopeWhere, type OrderScope } from "../../auth/scope";
import { validateAttributes } from "../../crud/validate-attributes";
import { writeReceivables, type StoredCard } from "../receivables";
import { emitEvent, eventData } from "../../webhooks/outbox";
import type {
  Financial,
  FinancialBillet,
  FinancialCard,
  FinancialListInput,
  FinancialListRecord,
  FinancialPix,
  FinancialTotals,
  FinancialTotalsInput,
  FinancialWriteOutput,
} from "./schemas";

/**
 * Receivables (contract §7 "Financial records"): `/financials` CRUD, and the records a sale
 * creates (one per payment installment, server/sales/sales/service.ts). `status` is a
 * FINANCIAL status id; boleto codes and PIX BR Codes are checked by the write schema;
 * every file, partner and order named must be of the org (422). A record whose
 * `paying_off_value` reaches its `value` emits `financial.paid`, once, in the write's
 * transaction; every new record emits `financial.created`.
 */

export const financialInclude = {
  partner: { select: { name: true } },
  order: { select: { number: true } },
  attachments: { orderBy: { position: "asc" }, include: { file: { select: { id: true, file_name: true } } } },
  billet_file: { select: { id: true, file_name: true } },
} satisfies Prisma.FinancialInclude;
type FinancialRow = Omit<Prisma.FinancialGetPayload<{ include: typeof financialInclude }>, "attachments"> & {
  attachments: Array<{ id: string; file: { id: string; file_name: string } }>;
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Due date passed and not fully paid (contract §7). */
export function isOverdue(row: { due_date: Date; paying_off_value: Prisma.Decimal; value: Prisma.Decimal }, now = new Date()): boolean {
  return row.due_date.getTime() < now.getTime() && money(row.paying_off_value).lessThan(money(row.value));
}

export function cardOf(row: { id: string; card: Prisma.JsonValue }): FinancialCard | null {
  if (!row.card || typeof row.card !== "object") return null;
  const card = row.card as StoredCard;
  return {
    financial_id: row.id,
    brand: card.brand ?? null,
    holder: card.holder ?? null,
    number: card.number ?? null,
    expiration_month: card.expiration_month ?? null,
    expiration_year: card.expiration_year ?? null,
    nsu: card.nsu ?? null,
    tid: card.tid ?? null,
    created_by: card.created_by ?? null,
    created_at: card.created_at ?? null,
    updated_by: card.updated_by ?? null,
    updated_at: card.updated_at ?? null,
  };
}

export function pixOf(row: { pix_qr_code: string | null; pix_resource_file_id: string | null }): FinancialPix | null {
  if (!row.pix_qr_code && !row.pix_resource_file_id) return null;
  return { qr_code: row.pix_qr_code, resource_file_id: row.pix_resource_file_id };
}

export function billetOf(row: FinancialRow | Prisma.FinancialGetPayload<object>): FinancialBillet | null {
  if (!row.billet_bar_code && !row.billet_qr_code && !row.billet_resource_file_id) return null;
  return {
    financial_id: row.id,
    bar_code: row.billet_bar_code,
    qr_code: row.billet_qr_code,
    resource_file_id: row.billet_resource_file_id,
    created_by: row.billet_created_by,
    created_at: iso(row.billet_created_at),
    updated_by: row.billet_updated_by,
    updated_at: iso(row.billet_updated_at),
  };
}

function toListRecord(row: Omit<FinancialRow, "attachments" | "billet_file">): FinancialListRecord {
  return {
    id: row.id,
    partner_id: row.partner_id,
    partner_name: row.partner.name,
    value: toJsonNumber(row.value) ?? 0,
    paying_off_value: toJsonNumber(row.paying_off_value) ?? 0,
    paying_off_date: iso(row.paying_off_date),
    due_date: row.due_date.toISOString(),
    status: row.status_id,
    order_id: row.order_id,
    order_number: row.order?.number ?? null,
    sale_id: row.sale_id,
    installment: row.installment,
    type: row.type,
    overdue: isOverdue(row),
    attributes: row.attributes as Record<string, unknown>,
  };
}

export function toFinancial(row: FinancialRow): Financial {
  const attachments: Financial["attachments"] = row.attachments.map((attachment) => ({
    id: attachment.id,
    is_payment_billet: false,
    payment_billet_bar_code: null,
    payment_billet_qr_code: null,
    resource_files: [{ id: attachment.file.id, fileName: attachment.file.file_name }],
  }));
  if (row.billet_file) {
    attachments.unshift({
      id: row.billet_file.id,
      is_payment_billet: true,
      payment_billet_bar_code: row.billet_bar_code,
      payment_billet_qr_code: row.billet_qr_code,
      resource_files: [{ id: row.billet_file.id, fileName: row.billet_file.file_name }],
    });
  }
  return {
    ...toListRecord(row),
    reversed_value: toJsonNumber(row.reversed_value) ?? 0,
    reversed_date: iso(row.reversed_date),
    has_online_payment: row.has_online_payment,
    has_payment_gateway: row.has_payment_gateway,
    card: cardOf(row),
    pix: pixOf(row),
    payment_billet: billetOf(row),
    attachments,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function findRow(db: Db, id: string): Promise<FinancialRow> {
  const row = isUuid(id) ? await db.financial.findUnique({ where: { id }, include: financialInclude }) : null;
  if (!row) throw AppError.notFound("Financial record");
  return row;
}

/**
 * A financial record as JSON, for a statement that reads receivables with what they hang
 * off (a sale's, read with it: server/sales/sales/service.ts): every column (decimals and
 * moments as text: no decimal passes through a float) and what GET /financials/{id} names
 * (the partner's name, the order's number, the attachments and the boleto's file). `alias`
 * is the financials row of the statement.
 */
export const financialJson = (alias: string) => `json_build_object(
  'id', ${alias}.id, 'organization_id', ${alias}.organization_id, 'partner_id', ${alias}.partner_id, 'order_id', ${alias}.order_id,
  'sale_id', ${alias}.sale_id, 'sale_payment_id', ${alias}.sale_payment_id, 'installment', ${alias}.installment,
  'status_id', ${alias}.status_id, 'type', ${alias}.type, 'value', ${alias}.value::text, 'paying_off_value', ${alias}.paying_off_value::text,
  'paying_off_date', ${alias}.paying_off_date, 'reversed_value', ${alias}.reversed_value::text, 'reversed_date', ${alias}.reversed_date,
  'due_date', ${alias}.due_date, 'has_online_payment', ${alias}.has_online_payment, 'has_payment_gateway', ${alias}.has_payment_gateway,
  'card', ${alias}.card, 'pix_qr_code', ${alias}.pix_qr_code, 'pix_resource_file_id', ${alias}.pix_resource_file_id,
  'billet_bar_code', ${alias}.billet_bar_code, 'billet_qr_code', ${alias}.billet_qr_code,
  'billet_resource_file_id', ${alias}.billet_resource_file_id, 'billet_created_by', ${alias}.billet_created_by,
  'billet_updated_by', ${alias}.billet_updated_by, 'billet_created_at', ${alias}.billet_created_at, 'billet_updated_at', ${alias}.billet_updated_at,
  'attributes', ${alias}.attributes, 'search_text', ${alias}.search_text, 'created_at', ${alias}.created_at, 'updated_at', ${alias}.updated_at,
  'partner', (SELECT json_build_object('name', fp.name) FROM partners fp WHERE fp.organization_id = ${alias}.organization_id AND fp.id = ${alias}.partner_id),
  'order', (SELECT json_build_object('number', fo.number) FROM orders fo WHERE fo.organization_id = ${alias}.organization_id AND fo.id = ${alias}.order_id),
  'attachments', COALESCE((SELECT json_agg(json_build_object('id', fa.id, 'file', json_build_object('id', ff.id, 'file_name', ff.file_name))
                                   ORDER BY fa.position)
      FROM financial_attachments fa JOIN resource_files ff ON ff.organization_id = fa.organization_id AND ff.id = fa.file_id
      WHERE fa.organization_id = ${alias}.organization_id AND fa.financial_id = ${alias}.id), '[]'),
  'billet_file', (SELECT json_build_object('id', fb.id, 'file_name', fb.file_name) FROM resource_files fb
      WHERE fb.organization_id = ${alias}.organization_id AND fb.id = ${alias}.billet_resource_file_id))`;

/** A financial record as `financialJson` answers it. */
export interface FinancialJson {
  id: string;
  organization_id: string;
  partner_id: string;
  order_id: string | null;
  sale_id: string | null;
  sale_payment_id: string | null;
  installment: number | null;
  status_id: string;
  type: string | null;
  value: string;
  paying_off_value: string;
  paying_off_date: string | null;
  reversed_value: string;
  reversed_date: string | null;
  due_date: string;
  has_online_payment: boolean;
  has_payment_gateway: boolean;
  card: Prisma.JsonValue;
  pix_qr_code: string | null;
  pix_resource_file_id: string | null;
  billet_bar_code: string | null;
  billet_qr_code: string | null;
  billet_resource_file_id: string | null;
  billet_created_by: string | null;
  billet_updated_by: string | null;
  billet_created_at: string | null;
  billet_updated_at: string | null;
  attributes: Prisma.JsonValue;
  search_text: string;
  created_at: string;
  updated_at: string;
  partner: { name: string };
  order: { number: number } | null;
  attachments: Array<{ id: string; file: { id: string; file_name: string } }>;
  billet_file: { id: string; file_name: string } | null;
}

const dateOf = (value: string | null) => (value === null ? null : new Date(value));

/** The record as GET /financials/{id} answers it, from `financialJson`. */
export function financialOfJson(row: FinancialJson): Financial {
  const decimal = (value: string) => new Prisma.Decimal(value);
  return toFinancial({
    ...row,
    value: decimal(row.value),
    paying_off_value: decimal(row.paying_off_value),
    reversed_value: decimal(row.reversed_value),
    paying_off_date: dateOf(row.paying_off_date),
    reversed_date: dateOf(row.reversed_date),
    due_date: new Date(row.due_date),
    billet_created_at: dateOf(row.billet_created_at),
    billet_updated_at: dateOf(row.billet_updated_at),
    created_at: new Date(row.created_at),
    updated_at: new Date(row.updated_at),
  });
}

/** Financial records by id, as GET /financials/{id} answers each (an order's new receivables, to announce them). */
export async function financialsByIds(db: Db, ids: string[]): Promise<Financial[]> {
  if (ids.length === 0) return [];
  const rows = await db.financial.findMany({
    where: { id: { in: ids } },
    include: financialInclude,
    orderBy: [{ due_date: "asc" }, { installment: "asc" }],
  });
  return rows.map(toFinancial);
}

/** GET /financials/{id}: 404 when not the org's (or, for a SELLER, not of its seller's orders and sales). */
export async function getFinancial(db: Db, id: string, scope: OrderScope = ALL_ORDERS): Promise<Financial> {
  const row = isUuid(id) ? await db.financial.findFirst({ where: { id, ...financialScopeWhere(scope) }, include: financialInclude }) : null;
  if (!row) throw AppError.notFound("Financial record");
  return toFinancial(row);
}

/** The `where` of the list filters; `now` decides what is overdue. */
export function financialWhere(db: Db, input: Omit<FinancialListInput, keyof PagingInput>, now = new Date()): Prisma.FinancialWhereInput {
  const and: Prisma.FinancialWhereInput[] = [];
  // A filter naming no possible record matches nothing (never a 500 on a malformed id).
  const id = (value: string | undefined) =>
    value === undefined ? undefined : isUuid(value) ? value : "00000000-0000-0000-0000-000000000000";
  if (input.status !== undefined) and.push({ status_id: id(input.status) });
  if (input.partner_id !== undefined) and.push({ partner_id: id(input.partner_id) });
  if (input.order_id !== undefined) and.push({ order_id: id(input.order_id) });
  if (input.sale_id !== undefined) and.push({ sale_id: id(input.sale_id) });
  if (input.due_start_date) and.push({ due_date: { gte: input.due_start_date } });
  if (input.due_end_date) and.push({ due_date: { lte: input.due_end_date } });
  const unpaid: Prisma.FinancialWhereInput = { paying_off_value: { lt: db.financial.fields.value } };
  if (input.overdue === true) and.push({ due_date: { lt: now } }, unpaid);
  if (input.overdue === false) and.push({ OR: [{ due_date: { gte: now } }, { paying_off_value: { gte: db.financial.fields.value } }] });
  return and.length > 0 ? { AND: and } : {};
}

/**
 * The figures of a filtered list of receivables (the panel's line above the table): how
 * many, their value, what was paid of it and what is still open, summed exactly.
 */
export async function financialTotals(db: Db, input: FinancialTotalsInput, scope: OrderScope = ALL_ORDERS): Promise<FinancialTotals> {
  const { _count, _sum } = await db.financial.aggregate({
    where: { ...financialWhere(db, input), ...financialScopeWhere(scope), ...searchWhere(input.search) },
    _count: true,
    _sum: { value: true, paying_off_value: true },
  });
  const value = money(_sum.value ?? 0);
  const paid = money(_sum.paying_off_value ?? 0);
  return { count: _count, value: value.toNumber(), paid: paid.toNumber(), open: value.minus(paid).toNumber() };
}

const sortable: Record<string, (dir: "asc" | "desc") => object> = {
  id: (dir) => ({ id: dir }),
  due_date: (dir) => ({ due_date: dir }),
  value: (dir) => ({ value: dir }),
  paying_off_value: (dir) => ({ paying_off_value: dir }),
  paying_off_date: (dir) => ({ paying_off_date: { sort: dir, nulls: "last" } }),
  partner_name: (dir) => ({ partner: { name: dir } }),
  status: (dir) => ({ status: { order: dir } }),
  installment: (dir) => ({ installment: { sort: dir, nulls: "last" } }),
  created_at: (dir) => ({ created_at: dir }),
};

export async function listFinancials(
  db: Db,
  input: FinancialListInput,
  scope: OrderScope = ALL_ORDERS,
): Promise<Page<FinancialListRecord>> {
  type ListRow = Omit<FinancialRow, "attachments" | "billet_file">;
  const listInclude = { partner: { select: { name: true } }, order: { select: { number: true } } } satisfies Prisma.FinancialInclude;
  const delegate: PageableDelegate<ListRow> = {
    findMany: (args) => db.financial.findMany({ ...args, include: listInclude }),
    count: (args) => db.financial.count({ ...args }),
  };
  return paginate(delegate, input, {
    where: { ...financialWhere(db, input), ...financialScopeWhere(scope) },
    sortable,
    defaultSort: "due_date",
    searchable: true,
    toItem: toListRecord,
  });
}

/** 422 naming each field that points to nothing of the org, or to a status of another type. */
async function checkWrite(db: Db, input: FinancialWriteOutput): Promise<{ partnerName: string }> {
  const errors: FieldError[] = [];
  const missing = (path: string, noun: string) =>
    errors.push({ path, message: `no ${noun} with this id exists`, code: "not_found_reference" });
  const [partner, status, order, files] = await Promise.all([
    db.partner.findUnique({ where: { id: input.partner_id }, select: { name: true } }),
    isUuid(input.status) ? db.status.findUnique({ where: { id: input.status }, select: { type: true } }) : null,
    input.order_id ? db.order.count({ where: { id: input.order_id } }) : 1,
    (() => {
      const ids = [...input.attachments, input.payment_billet?.resource_file_id, input.pix?.resource_file_id].filter(
        (value): value is string => Boolean(value),
      );
      return ids.length > 0 ? db.resourceFile.findMany({ where: { id: { in: ids } }, select: { id: true } }) : [];
    })(),
  ]);
  if (!partner) missing("partner_id", "partner");
  if (!status || status.type !== "FINANCIAL") {
    errors.push({ path: "status", message: "must be the id of a FINANCIAL status", code: "not_found_reference" });
  }
  if (order === 0) missing("order_id", "order");
  const found = new Set(files.map((file) => file.id));
  input.attachments.forEach((file, index) => {
    if (!found.has(file)) missing(`attachments.${index}`, "resource file");
  });
  if (input.payment_billet?.resource_file_id && !found.has(input.payment_billet.resource_file_id))
    missing("payment_billet.resource_file_id", "resource file");
  if (input.pix?.resource_file_id && !found.has(input.pix.resource_file_id)) missing("pix.resource_file_id", "resource file");
  if (errors.length > 0)
    throw new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
  return { partnerName: partner?.name ?? "" };
}

/** Who writes, as stored on billet and card data ("user:<id>"), from the audit context. */
export function actorOf(db: Db): string | null {
  const { actor } = writeContext(db);
  return actor ? `${actor.kind}:${actor.id}` : null;
}

/** The columns of a write (everything but the attachments). */
function columnsOf(db: Db, input: FinancialWriteOutput, partnerName: string, before?: FinancialRow): Prisma.FinancialUncheckedCreateInput {
  const billet = input.payment_billet;
  const now = new Date();
  const hasBillet = Boolean(billet && (billet.bar_code || billet.qr_code || billet.resource_file_id));
  return {
    organization_id: db.$organizationId,
    partner_id: input.partner_id,
    order_id: input.order_id ?? null,
    status_id: input.status,
    type: input.type ?? null,
    value: input.value,
    paying_off_value: input.paying_off_value,
    paying_off_date: input.paying_off_date,
    reversed_value: input.reversed_value,
    reversed_date: input.reversed_date,
    due_date: input.due_date,
    pix_qr_code: input.pix?.qr_code ?? null,
    pix_resource_file_id: input.pix?.resource_file_id ?? null,
    billet_bar_code: billet?.bar_code ?? null,
    billet_qr_code: billet?.qr_code ?? null,
    billet_resource_file_id: billet?.resource_file_id ?? null,
    billet_created_by: hasBillet ? (before?.billet_created_by ?? actorOf(db)) : null,
    billet_created_at: hasBillet ? (before?.billet_created_at ?? now) : null,
    billet_updated_by: hasBillet ? actorOf(db) : null,
    billet_updated_at: hasBillet ? now : null,
    attributes: input.attributes as Prisma.InputJsonObject,
    search_text: searchText([partnerName, input.type, billet?.bar_code]),
  };
}

const reachedValue = (row: { paying_off_value: Prisma.Decimal | number; value: Prisma.Decimal | number }) =>
  money(row.value).greaterThan(0) && money(row.paying_off_value).greaterThanOrEqualTo(money(row.value));

/** Emits `financial.created` (and `financial.paid` when it is born paid) for a new record. */
export async function announceNewFinancial(db: Db, detail: Financial): Promise<void> {
  await emitEvent(db, { type: "financial.created", data: eventData(detail), subject: { type: "financial", id: detail.id } });
  if (detail.value > 0 && detail.paying_off_value >= detail.value) {
    await emitEvent(db, { type: "financial.paid", data: eventData(detail), subject: { type: "financial", id: detail.id } });
  }
}

export async function createFinancial(db: Db, input: FinancialWriteOutput): Promise<Financial> {
  const { partnerName } = await checkWrite(db, input);
  await validateAttributes(db, "financial", input.attributes);
  const [id] = await writeReceivables(db, {
    kind: "manual",
    row: { ...columnsOf(db, input, partnerName), ...(input.id ? { id: input.id } : {}) },
    attachments: input.attachments,
  });
  const created = await getFinancial(db, id ?? "");
  await recordAudit(db, { action: "create", entity: "financial", entityId: created.id, label: partnerName, after: created });
  await announceNewFinancial(db, created);
  return created;
}

export async function updateFinancial(db: Db, id: string, input: FinancialWriteOutput): Promise<Financial> {
  const before = await findRow(db, id);
  const { partnerName } = await checkWrite(db, input);
  await validateAttributes(db, "financial", input.attributes);
  const { organization_id: _organization, ...columns } = columnsOf(db, input, partnerName, before);
  await db.financial.update({ where: { id }, data: columns });
  await db.financialAttachment.deleteMany({ where: { financial_id: id } });
  if (input.attachments.length > 0) {
    await db.financialAttachment.createMany({
      data: input.attachments.map((file_id, position) => ({ organization_id: db.$organizationId, financial_id: id, file_id, position })),
    });
  }
  const updated = await getFinancial(db, id);
  const previous = toFinancial(before);
  await recordAudit(db, { action: "update", entity: "financial", entityId: id, label: partnerName, before: previous, after: updated });
  if (!reachedValue(before) && reachedValue({ value: input.value, paying_off_value: input.paying_off_value })) {
    await emitEvent(db, { type: "financial.paid", data: eventData(updated), subject: { type: "financial", id } });
  }
  return updated;
}

export async function removeFinancial(db: Db, id: string): Promise<void> {
  const before = await getFinancial(db, id);
  await db.financial.delete({ where: { id } });
  await recordAudit(db, { action: "delete", entity: "financial", entityId: id, label: before.partner_name, before });
}

/**
 * The FINANCIAL status that means canceled: the default one (its title "canceled", or the
 * Portuguese "cancelado"/"cancelada" an org may have named it), else the org's last final one
 * by order that is not paid or reversed.
 */
export async function canceledFinancialStatus(db: Db): Promise<string | null> {
  const finals = await db.status.findMany({
    where: { type: "FINANCIAL", is_final: true },
    orderBy: [{ order: "desc" }],
    select: { id: true, title: true },
  });
  const named = finals.find((status) => /^cancel(ed|ado|ada)$/i.test(status.title.trim()));
  return named?.id ?? finals.find((status) => !/^(paid|pago|reversed|estornado)$/i.test(status.title.trim()))?.id ?? null;
}
