import type { Db } from "../../db/scoped";
import { scopedExecute } from "../../db/sql";
import { AppError, type FieldError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import { defineCrud, driverRead } from "../../crud/crud";
import { isUuid } from "../../lib/ids";
import { coupon, couponFilters, couponRules, couponWrite, endOf, startOf, type CouponWriteOutput, percentageCeiling } from "./schemas";

/** How codes compare for uniqueness in an org: Unicode NFC, upper case. */
export function couponCodeKey(code: string): string {
  return code.normalize("NFC").toUpperCase();
}

function toData(input: CouponWriteOutput) {
  return {
    ...(input.id ? { id: input.id } : {}),
    code: input.code,
    code_key: couponCodeKey(input.code),
    name: input.name,
    type: input.type,
    value_type: input.value_type,
    value: input.value,
    start_date: input.start_date ? startOf(input.start_date) : null,
    end_date: input.end_date ? endOf(input.end_date) : null,
    max_uses: input.max_uses ?? null,
    active: input.active,
    attributes: input.attributes as Prisma.InputJsonObject,
  };
}

/**
 * Coupons (contract §7): plain CRUD; the code is unique in the org without case (the
 * unique index on `code_key` answers 409 naming `code`); `uses` is read only, kept by the
 * orders and sales that reference the coupon (claimCoupons / releaseCoupons).
 */
export const coupons = defineCrud({
  bodyRules: percentageCeiling,
  writers: "manage",
  noun: "Coupon",
  entity: "coupon",
  path: "/coupons",
  tag: "Coupons",
  model: (db) => db.coupon,
  read: driverRead("Coupon", Prisma.CouponScalarFieldEnum),
  write: couponWrite,
  detail: coupon,
  listRecord: coupon,
  filters: {
    schema: couponFilters,
    where: ({ active, type }) => ({
      ...(active === undefined ? {} : { active }),
      ...(type ? { type } : {}),
    }),
  },
  searchFields: (input) => [input.code, input.name],
  sortable: ["id", "code", "name", "type", "value", "start_date", "end_date", "uses", "active", "created_at"],
  defaultSort: "code",
  toData,
  beforeWrite: async (_db, input) => {
    const errors = couponRules(input);
    if (errors.length > 0)
      throw new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
  },
  usedBy: [
    {
      label: "orders",
      count: (db, id) => db.orderCoupon.count({ where: { coupon_id: id } }),
    },
    {
      label: "sales",
      count: (db, id) => db.saleCoupon.count({ where: { coupon_id: id } }),
    },
  ],
});

/**
 * Takes one use of each coupon for a new reference (an order or a sale), in the caller's
 * transaction: one conditional UPDATE per coupon, so concurrent uses never pass
 * `max_uses`. A coupon that is unknown, inactive, out of its dates or used up is 422 on
 * `<path>.<index>.coupon_id`.
 */
export async function claimCoupons(db: Db, couponIds: Array<{ id: string; index: number }>, path: string): Promise<void> {
  const errors: FieldError[] = [];
  for (const { id, index } of couponIds) {
    const field = `${path}.${index}.coupon_id`;
    const claimed = isUuid(id)
      ? await scopedExecute(
          db,
          (organization) => Prisma.sql`
            UPDATE coupons SET uses = uses + 1, updated_at = now()
            WHERE organization_id = ${organization} AND id = ${id}::uuid AND active
              AND (max_uses IS NULL OR uses < max_uses)
              AND (start_date IS NULL OR start_date <= now())
              AND (end_date IS NULL OR end_date >= now())`,
        )
      : 0;
    if (claimed === 1) continue;
    const row = isUuid(id) ? await db.coupon.findUnique({ where: { id } }) : null;
    const now = new Date();
    const reason = !row
      ? {
          message: "no coupon with this id exists",
          code: "not_found_reference",
        }
      : !row.active
        ? { message: "the coupon is inactive", code: "coupon_inactive" }
        : (row.start_date && row.start_date > now) || (row.end_date && row.end_date < now)
          ? {
              message: "the coupon is not valid on this date",
              code: "coupon_expired",
            }
          : { message: "the coupon has been used up", code: "coupon_used_up" };
    errors.push({ path: field, ...reason });
  }
  if (errors.length > 0)
    throw new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
}

/** Gives back one use of each coupon (a reference removed). */
export async function releaseCoupons(db: Db, couponIds: string[]): Promise<void> {
  for (const id of couponIds) {
    await scopedExecute(
      db,
      (organization) =>
        Prisma.sql`UPDATE coupons SET uses = GREATEST(uses - 1, 0), updated_at = now() WHERE organization_id = ${organization} AND id = ${id}::uuid`,
    );
  }
}
