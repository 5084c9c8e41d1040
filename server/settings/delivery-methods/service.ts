import { recordAudit } from "../../audit/service";
import type { Db } from "../../db/scoped";
import { AppError } from "../../errors";
import { Prisma, type DeliveryMethod as DeliveryMethodRow } from "../../generated/prisma/client";
import { defineCrud, driverRead } from "../../crud/crud";
import { toJsonNumber } from "../../lib/money";
import {
  deliveryMethod,
  deliveryMethodFilters,
  deliveryMethodListRecord,
  deliveryMethodRules,
  deliveryMethodWrite,
  sortOpeningHours,
  type DeliveryMethod,
  type OpeningHour,
  priceUnlessFree,
} from "./schemas";

function toDetail(row: DeliveryMethodRow): DeliveryMethod {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    price_type: row.price_type,
    price: toJsonNumber(row.price),
    custom_label: row.custom_label,
    notes: row.notes,
    active: row.active,
    period_type: row.period_type,
    period_start: row.period_start,
    period_end: row.period_end,
    attributes: row.attributes as Record<string, unknown>,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const deliveryMethods = defineCrud({
  bodyRules: priceUnlessFree,
  noun: "Delivery method",
  entity: "delivery_method",
  path: "/delivery-methods",
  tag: "Delivery methods",
  model: (db) => db.deliveryMethod,
  read: driverRead("DeliveryMethod", Prisma.DeliveryMethodScalarFieldEnum),
  write: deliveryMethodWrite,
  detail: deliveryMethod,
  listRecord: deliveryMethodListRecord,
  filters: {
    schema: deliveryMethodFilters,
    where: ({ type, active }) => ({ ...(type ? { type } : {}), ...(active === undefined ? {} : { active }) }),
  },
  searchFields: (input) => [input.name, input.custom_label],
  sortable: ["id", "name", "type", "price_type", "price", "active"],
  defaultSort: "name",
  beforeWrite: async (_db, input) => {
    const errors = deliveryMethodRules(input);
    if (errors.length > 0) {
      throw new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
    }
  },
  toData: (input) => ({
    ...input,
    price: input.price_type === "FREE" ? 0 : input.price,
    custom_label: input.custom_label || null,
    notes: input.notes || null,
    period_type: input.period_type ?? null,
    period_start: input.period_start ?? null,
    period_end: input.period_end ?? null,
  }),
  toDetail,
  toListRecord: (row: DeliveryMethodRow) => {
    const { created_at: _created, updated_at: _updated, ...record } = toDetail(row);
    return record;
  },
});

/** The opening hours of a delivery method (404 when it does not exist). */
export async function getOpeningHours(db: Db, id: string): Promise<OpeningHour[]> {
  const row = await deliveryMethods.service.find(db, id);
  return sortOpeningHours(row.opening_hours as OpeningHour[]);
}

/** Replaces the whole list (already checked by `openingHours`: no overlaps). */
export async function replaceOpeningHours(db: Db, id: string, hours: OpeningHour[]): Promise<OpeningHour[]> {
  const method = await deliveryMethods.service.find(db, id);
  const before = sortOpeningHours(method.opening_hours as OpeningHour[]);
  const sorted = sortOpeningHours(hours);
  await db.deliveryMethod.update({ where: { id }, data: { opening_hours: sorted } });
  await recordAudit(db, {
    action: "update",
    entity: "delivery_method",
    entityId: id,
    label: method.name,
    before: { opening_hours: before },
    after: { opening_hours: sorted },
  });
  return sorted;
}
