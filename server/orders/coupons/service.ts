import type { Db } from "../../db/scoped";
import { scopedExecute, scopedQuery } from "../../db/sql";
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

/** A coupon as a write that names it reads it (server/orders/orders/references.ts). */
export interface CouponState {
  active: boolean;
  start_date: string | Date | null;
  end_date: string | Date | null;
  max_uses: number | null;
  uses: number;
}

/**
 * Why a coupon cannot be taken now (contract §7), the one rule for orders and sales alike:
 * inactive, not started yet, expired, used up; null when it can (whether a use is left is
 * decided again when it is taken: `claimCoupons`).
 */
export function couponProblem(coupon: CouponState, now = new Date()): Omit<FieldError, "path"> | null {
  if (!coupon.active) return { message: "the coupon is inactive", code: "coupon_inactive" };
  if (coupon.start_date && new Date(coupon.start_date) > now) return { message: "the coupon is not valid yet", code: "coupon_not_started" };
  if (coupon.end_date && new Date(coupon.end_date) < now) return { message: "the coupon has expired", code: "coupon_expired" };
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) return { message: "the coupon is used up", code: "coupon_used_up" };
  return null;
}

/**
 * Takes one use of each coupon for an order, in the caller's transaction and one conditional
 * UPDATE, so concurrent uses never pass `max_uses`. Answers the ids it could not take (the
 * caller names why, `couponProblem` on what it read; a coupon that looked usable was used up
 * meanwhile).
 */
export async function claimCoupons(db: Db, couponIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(couponIds)].filter(isUuid);
  const claimed =
    ids.length === 0
      ? []
      : await scopedQuery<{ id: string }>(
          db,
          (organization) => Prisma.sql`
            UPDATE coupons SET uses = uses + 1, updated_at = now()
            WHERE organization_id = ${organization} AND id = ANY(${ids}::uuid[]) AND active
              AND (max_uses IS NULL OR uses < max_uses)
              AND (start_date IS NULL OR start_date <= now())
              AND (end_date IS NULL OR end_date >= now())
            RETURNING id`,
        );
  const taken = new Set(claimed.map((row) => row.id));
  return couponIds.filter((id) => !taken.has(id));
}

/** Gives back one use of each coupon (a reference removed), in one statement. */
export async function releaseCoupons(db: Db, couponIds: readonly string[]): Promise<void> {
  const ids = [...new Set(couponIds)].filter(isUuid);
  if (ids.length === 0) return;
  await scopedExecute(
    db,
    (organization) =>
      Prisma.sql`UPDATE coupons SET uses = GREATEST(uses - 1, 0), updated_at = now() WHERE organization_id = ${organization} AND id = ANY(${ids}::uuid[])`,
  );
}
