import type { z } from "zod";
import type { Db } from "../../db/scoped";
import { AppError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import { scopedExecute } from "../../db/sql";
import { defineCrud, driverRead } from "../../crud/crud";
import { isUuid } from "../../lib/ids";
import { searchText } from "../../lib/search";
import { toApi } from "../../lib/serialize";
import type { Phase } from "./phases";
import { status, statusFilters, statusListRecord, statusRules, statusWrite, type StatusType, type StatusWriteOutput } from "./schemas";

/**
 * Statuses of orders, sales and financial records (contract §5). The interface answers
 * 400 (not 404 or 422) on GET/PUT/DELETE /status/{id}; at most one status per type is
 * the initial one: choosing one clears the others in the same transaction.
 */
export const statusCrud = defineCrud({
  noun: "Status",
  entity: "status",
  path: "/status",
  tag: "Statuses",
  model: (db) => db.status,
  // Its list reads on the driver; its GET by id is its own (400 when missing).
  read: driverRead("Status", Prisma.StatusScalarFieldEnum),
  write: statusWrite,
  detail: status,
  listRecord: statusListRecord,
  filters: {
    schema: statusFilters,
    where: ({ type }) => (type ? { type } : {}),
  },
  searchFields: (input) => [input.title],
  sortable: ["id", "title", "type", "phase", "order", "is_initial", "is_final"],
  defaultSort: "order",
  writeDescription:
    "Beyond the interface (contract §10): an ORDER status has a `phase` (OPEN, CONFIRMED, INVOICED, SHIPPED, DELIVERED or CANCELED; " +
    "required, 422 naming `phase` otherwise) deciding what happens to the stock and receivables of its orders; SALE and FINANCIAL " +
    "statuses have none. The type and phase of a status orders are in cannot change (409, code `phase_in_use`). `is_initial` on one " +
    "status clears it on the others of its type.",
  // A PUT replaces the phase too: a status that stops being an ORDER one has none.
  toData: (input) => ({ ...input, phase: input.phase ?? null }),
  beforeWrite: async (_db, input) => {
    const errors = statusRules(input);
    if (errors.length > 0) {
      throw new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
    }
  },
});

const notFound = () => new AppError("status_not_found", "Status not found");

async function find(db: Db, id: string) {
  const row = isUuid(id) ? await db.status.findFirst({ where: { id } }) : null;
  if (!row) throw notFound();
  return row;
}

/**
 * Serializes the writes that choose an initial status of a type (a transaction-scoped
 * advisory lock), then clears the previous one: two concurrent writes cannot both win.
 */
async function clearInitial(tx: Db, type: StatusType, exceptId?: string): Promise<void> {
  await scopedExecute(
    tx,
    (organization) => Prisma.sql`SELECT pg_advisory_xact_lock(hashtext('statuses.is_initial.' || ${type} || ${organization}::text))`,
  );
  await tx.status.updateMany({
    where: { type, is_initial: true, ...(exceptId ? { id: { not: exceptId } } : {}) },
    data: { is_initial: false },
  });
}

export const statuses = {
  list: statusCrud.service.list,
  get: async (db: Db, id: string) => toApi(await find(db, id)) as z.input<typeof status>,
  async create(db: Db, input: StatusWriteOutput) {
    if (input.is_initial) await clearInitial(db, input.type);
    return statusCrud.service.create(db, input);
  },
  async update(db: Db, id: string, input: StatusWriteOutput) {
    const current = await find(db, id);
    // An order's phase says what its stock and receivables are (contract §10): a status orders are in keeps its phase.
    if (current.type === "ORDER" && (input.type !== "ORDER" || (input.phase ?? null) !== current.phase)) {
      const orders = await db.order.count({ where: { status_id: id } });
      if (orders > 0) {
        throw new AppError("phase_in_use", `${orders} orders are in this status: its type and phase cannot change`, {
          params: { usages: { orders } },
        });
      }
    }
    if (input.is_initial) await clearInitial(db, input.type, id);
    return statusCrud.service.update(db, id, input);
  },
  async remove(db: Db, id: string): Promise<{ id: string }> {
    await find(db, id);
    await statusCrud.service.remove(db, id);
    return { id };
  },
};

/** The languages an org can start in: the titles of what it starts with (statuses, its first ADMIN). */
export const ORG_LANGUAGES = ["pt-BR", "en"] as const;
export type OrgLanguage = (typeof ORG_LANGUAGES)[number];
export const isOrgLanguage = (value: string): value is OrgLanguage => (ORG_LANGUAGES as readonly string[]).includes(value);

type DefaultStatus = {
  title: Record<OrgLanguage, string>;
  background_color: string;
  font_color: string;
  is_initial?: boolean;
  is_final?: boolean;
  phase?: Phase;
};

/**
 * What every new org starts with (contract §5), in this order, titled in the org's language
 * (migration 20261127041000 renamed the English ones nobody had changed).
 */
export const defaultStatuses: Record<StatusType, DefaultStatus[]> = {
  ORDER: [
    { title: { "pt-BR": "Novo", en: "new" }, background_color: "#dbeafe", font_color: "#1e40af", is_initial: true, phase: "OPEN" },
    { title: { "pt-BR": "Confirmado", en: "confirmed" }, background_color: "#e0e7ff", font_color: "#3730a3", phase: "CONFIRMED" },
    { title: { "pt-BR": "Faturado", en: "invoiced" }, background_color: "#ede9fe", font_color: "#5b21b6", phase: "INVOICED" },
    { title: { "pt-BR": "Enviado", en: "shipped" }, background_color: "#fef3c7", font_color: "#92400e", phase: "SHIPPED" },
    {
      title: { "pt-BR": "Entregue", en: "delivered" },
      background_color: "#dcfce7",
      font_color: "#166534",
      is_final: true,
      phase: "DELIVERED",
    },
    {
      title: { "pt-BR": "Cancelado", en: "canceled" },
      background_color: "#fee2e2",
      font_color: "#991b1b",
      is_final: true,
      phase: "CANCELED",
    },
  ],
  SALE: [
    { title: { "pt-BR": "Pendente", en: "pending" }, background_color: "#fef3c7", font_color: "#92400e", is_initial: true },
    { title: { "pt-BR": "Pago", en: "paid" }, background_color: "#dcfce7", font_color: "#166534", is_final: true },
    { title: { "pt-BR": "Cancelado", en: "canceled" }, background_color: "#fee2e2", font_color: "#991b1b", is_final: true },
  ],
  FINANCIAL: [
    { title: { "pt-BR": "Em aberto", en: "open" }, background_color: "#dbeafe", font_color: "#1e40af", is_initial: true },
    { title: { "pt-BR": "Pago", en: "paid" }, background_color: "#dcfce7", font_color: "#166534", is_final: true },
    { title: { "pt-BR": "Pago parcialmente", en: "partially paid" }, background_color: "#cffafe", font_color: "#155e75" },
    { title: { "pt-BR": "Vencido", en: "overdue" }, background_color: "#ffedd5", font_color: "#9a3412" },
    { title: { "pt-BR": "Estornado", en: "reversed" }, background_color: "#f3f4f6", font_color: "#374151", is_final: true },
    { title: { "pt-BR": "Cancelado", en: "canceled" }, background_color: "#fee2e2", font_color: "#991b1b", is_final: true },
  ],
};

/** Creates the default statuses of a new org, inside its creating transaction. */
export async function createDefaultStatuses(tx: Prisma.TransactionClient, organizationId: string, language: OrgLanguage): Promise<void> {
  await tx.status.createMany({
    data: (Object.entries(defaultStatuses) as Array<[StatusType, DefaultStatus[]]>).flatMap(([type, list]) =>
      list.map((item, index) => ({
        organization_id: organizationId,
        type,
        order: index + 1,
        is_initial: item.is_initial ?? false,
        is_final: item.is_final ?? false,
        phase: item.phase ?? null,
        title: item.title[language],
        background_color: item.background_color,
        font_color: item.font_color,
        search_text: searchText([item.title[language]]),
      })),
    ),
  });
}
