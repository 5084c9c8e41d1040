import type { Db } from "../../db/scoped";
import { AppError, type FieldError } from "../../errors";
import type { Prisma } from "../../generated/prisma/client";
import { money, toJsonNumber, type Money } from "../../lib/money";
import { factsOf } from "../criteria";
import { readCriteria, readRanges } from "../discounts/service";
import {
  calculatePrice,
  type DiscountCandidate,
  type PaymentMethodCandidate,
  type PriceTableCandidate,
  type PricingProduct,
  type Targets,
} from "../engine";
import { dateOf, dateOrNull } from "../fields";
import type { PriceCalculation, PriceCalculationInput } from "./schemas";

/**
 * POST /prices/product/calculate: loads what the price engine needs with indexed queries
 * (the product, the variation, the partner's profile, the payment method; the price
 * tables that list the product or cover every product, with only the criteria rows and
 * targets that concern this product and context; the discounts whose criteria index
 * holds one of the product's facts or that have no criteria), then lets the engine
 * (server/pricing/engine.ts) decide. Bad input, unknown references and a product
 * without any price are 400 (interface: "400 cannot calculate").
 */

type Context = {
  partner_id: string | null;
  profile_id: string | null;
  company_id: string | null;
  payment_method_id: string | null;
};

/** Only the target rows that name the context's records: all the engine asks is whether they are listed. */
function targetWhere(context: Context) {
  const or = [
    ...(context.partner_id ? [{ partner_id: context.partner_id }] : []),
    ...(context.profile_id ? [{ profile_id: context.profile_id }] : []),
    ...(context.company_id ? [{ company_id: context.company_id }] : []),
    ...(context.payment_method_id
      ? [{ payment_method_id: context.payment_method_id }]
      : []),
  ];
  return or.length ? { OR: or } : { id: { in: [] } };
}
const targetSelect = {
  partner_id: true,
  profile_id: true,
  company_id: true,
  payment_method_id: true,
} as const;
type TargetIds = {
  partner_id: string | null;
  profile_id: string | null;
  company_id: string | null;
  payment_method_id: string | null;
};

function targetsOf(rows: TargetIds[]): Targets {
  return {
    partners: rows.flatMap((row) => (row.partner_id ? [row.partner_id] : [])),
    profiles: rows.flatMap((row) => (row.profile_id ? [row.profile_id] : [])),
    companies: rows.flatMap((row) => (row.company_id ? [row.company_id] : [])),
    payment_methods: rows.flatMap((row) =>
      row.payment_method_id ? [row.payment_method_id] : [],
    ),
  };
}

const decimalOrNull = (value: Prisma.Decimal | null): Money | null =>
  value === null ? null : money(value);

function badInput(errors: FieldError[]): AppError {
  return new AppError(
    "BAD_REQUEST",
    errors.map((error) => `${error.path}: ${error.message}`).join("; "),
    { errors },
  );
}

async function loadProduct(
  db: Db,
  input: PriceCalculationInput,
): Promise<PricingProduct> {
  const [product, variation] = await Promise.all([
    db.product.findUnique({
      where: { id: input.product_id },
      select: {
        id: true,
        name: true,
        sku: true,
        price: true,
        brand_id: true,
        categories: { select: { category_id: true } },
        specifications: { select: { name: true, value: true } },
      },
    }),
    input.product_variation_id
      ? db.productVariation.findUnique({
          where: { id: input.product_variation_id },
          select: { id: true, name: true, price: true, product_id: true },
        })
      : null,
  ]);
  if (!product)
    throw badInput([
      {
        path: "product_id",
        message: "no product with this id exists",
        code: "not_found_reference",
      },
    ]);
  if (input.product_variation_id && variation?.product_id !== product.id) {
    throw badInput([
      {
        path: "product_variation_id",
        message: "no variation of this product has this id",
        code: "not_found_reference",
      },
    ]);
  }
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    brand_id: product.brand_id,
    category_ids: product.categories.map((link) => link.category_id),
    specifications: product.specifications,
    price: decimalOrNull(product.price),
    variation: variation
      ? {
          id: variation.id,
          name: variation.name,
          price: decimalOrNull(variation.price),
        }
      : null,
  };
}

/** The partner's profile (when no profile is given), the payment method, and 400 for any reference that names nothing. */
async function loadContext(db: Db, input: PriceCalculationInput) {
  const [partner, profiles, companies, method] = await Promise.all([
    input.partner_id
      ? db.partner.findUnique({
          where: { id: input.partner_id },
          select: { profile_id: true },
        })
      : null,
    input.profile_id
      ? db.profile.count({ where: { id: input.profile_id } })
      : 1,
    input.company_id
      ? db.company.count({ where: { id: input.company_id } })
      : 1,
    input.payment_method_id
      ? db.paymentMethod.findUnique({
          where: { id: input.payment_method_id },
          select: {
            id: true,
            name: true,
            adjustment_rate: true,
            installments: true,
          },
        })
      : null,
  ]);
  const errors: FieldError[] = [];
  const missing = (path: string, noun: string) =>
    errors.push({
      path,
      message: `no ${noun} with this id exists`,
      code: "not_found_reference",
    });
  if (input.partner_id && !partner) missing("partner_id", "partner");
  if (!profiles) missing("profile_id", "profile");
  if (!companies) missing("company_id", "company");
  if (input.payment_method_id && !method)
    missing("payment_method_id", "payment method");
  if (errors.length > 0) throw badInput(errors);
  const context: Context = {
    partner_id: input.partner_id ?? null,
    profile_id: input.profile_id ?? partner?.profile_id ?? null,
    company_id: input.company_id ?? null,
    payment_method_id: input.payment_method_id ?? null,
  };
  const paymentMethod: PaymentMethodCandidate | null = method
    ? {
        id: method.id,
        name: method.name,
        adjustment_rate: decimalOrNull(method.adjustment_rate),
        installments: (
          method.installments as Array<{
            sequence: number;
            tax?: number;
            discount?: number;
            due_date_delay?: number;
          }>
        ).map((item) => ({
          sequence: item.sequence,
          tax: money(item.tax ?? 0),
          discount: money(item.discount ?? 0),
          due_date_delay: item.due_date_delay ?? 0,
        })),
      }
    : null;
  return { context, paymentMethod };
}

/** The tables that list the product or have a criteria for every product, with only what concerns this product and context. */
async function loadPriceTables(
  db: Db,
  productId: string,
  context: Context,
): Promise<PriceTableCandidate[]> {
  const rows = await db.priceTable.findMany({
    where: {
      OR: [
        { products: { some: { product_id: productId } } },
        { criteria: { some: { has_products: false } } },
      ],
    },
    select: {
      id: true,
      name: true,
      start_date: true,
      end_date: true,
      is_partner_specific: true,
      is_profile_specific: true,
      is_company_specific: true,
      is_payment_method_specific: true,
      targets: { where: targetWhere(context), select: targetSelect },
      criteria: {
        where: {
          OR: [
            { has_products: false },
            { products: { some: { product_id: productId } } },
          ],
        },
        orderBy: { position: "asc" },
        select: {
          criteria_id: true,
          name: true,
          rate_type: true,
          value_type: true,
          value: true,
          products: {
            where: { product_id: productId },
            select: {
              product_id: true,
              product_variation_id: true,
              price: true,
            },
          },
        },
      },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    start_date: dateOf(row.start_date),
    end_date: dateOrNull(row.end_date),
    flags: {
      partner: row.is_partner_specific,
      profile: row.is_profile_specific,
      company: row.is_company_specific,
      payment_method: row.is_payment_method_specific,
    },
    targets: targetsOf(row.targets),
    criteria: row.criteria.map((criteria) => ({
      criteria_id: criteria.criteria_id,
      name: criteria.name,
      rate_type: criteria.rate_type,
      value_type: criteria.value_type,
      value: money(criteria.value),
      products: criteria.products.map((product) => ({
        product_id: product.product_id,
        product_variation_id: product.product_variation_id,
        price: decimalOrNull(product.price),
      })),
    })),
  }));
}

/** The discounts without criteria and those whose criteria accept one of the product's facts (the engine checks every entry). */
async function loadDiscounts(
  db: Db,
  product: PricingProduct,
  context: Context,
): Promise<DiscountCandidate[]> {
  const facts = factsOf(product);
  const rows = await db.discount.findMany({
    where: {
      OR: [
        { has_criteria: false },
        {
          values: {
            some: {
              OR: facts.map((fact) => ({ key: fact.key, value: fact.value })),
            },
          },
        },
      ],
    },
    select: {
      id: true,
      name: true,
      is_active: true,
      start_date: true,
      end_date: true,
      minimum_value: true,
      maximum_value: true,
      is_discount_over_discount: true,
      is_partner: true,
      is_profile: true,
      is_company: true,
      is_payment_method: true,
      ranges: true,
      criteria: true,
      targets: { where: targetWhere(context), select: targetSelect },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    is_active: row.is_active,
    start_date: dateOrNull(row.start_date),
    end_date: dateOrNull(row.end_date),
    minimum_value: decimalOrNull(row.minimum_value),
    maximum_value: decimalOrNull(row.maximum_value),
    is_discount_over_discount: row.is_discount_over_discount,
    flags: {
      partner: row.is_partner,
      profile: row.is_profile,
      company: row.is_company,
      payment_method: row.is_payment_method,
    },
    targets: targetsOf(row.targets),
    ranges: readRanges(row.ranges).map((range) => ({
      minimum_quantity: money(range.minimum_quantity),
      type: range.type,
      value: money(range.value),
      is_product_value: range.is_product_value,
    })),
    criteria: readCriteria(row.criteria).map((criteria) => ({
      criteria_id: criteria.criteria_id,
      name: criteria.name,
      entries: criteria.entries,
    })),
  }));
}

const number = (value: Money | null): number | null => toJsonNumber(value);

export async function calculateProductPrice(
  db: Db,
  input: PriceCalculationInput,
  today = new Date(),
): Promise<PriceCalculation> {
  const [loadedProduct, loadedContext] = await Promise.allSettled([
    loadProduct(db, input),
    loadContext(db, input),
  ]);
  if (
    loadedProduct.status === "rejected" ||
    loadedContext.status === "rejected"
  ) {
    // Every unknown reference at once, in the order of the body (not whichever query answered first).
    const failures: unknown[] = [loadedProduct, loadedContext].flatMap(
      (loaded) => (loaded.status === "rejected" ? [loaded.reason] : []),
    );
    const known = failures.filter(
      (reason): reason is AppError => reason instanceof AppError,
    );
    if (known.length !== failures.length)
      throw failures.find((reason) => !(reason instanceof AppError));
    throw badInput(known.flatMap((reason) => reason.errors ?? []));
  }
  const product = loadedProduct.value;
  const { context, paymentMethod } = loadedContext.value;
  const [priceTables, discounts] = await Promise.all([
    loadPriceTables(db, product.id, context),
    loadDiscounts(db, product, context),
  ]);
  const quantity = money(input.quantity);
  const result = calculatePrice({
    product,
    priceTables,
    discounts,
    paymentMethod,
    context: {
      ...context,
      installments: input.installments ?? null,
      quantity,
      date: input.date ?? dateOf(today),
    },
  });
  if (!result.ok) {
    const path =
      result.code === "installments_not_offered"
        ? "installments"
        : "product_id";
    throw new AppError("BAD_REQUEST", result.message, {
      reason: result.code,
      errors: [{ path, message: result.message, code: result.code }],
    });
  }
  return {
    product_id: product.id,
    product_variation_id: product.variation?.id ?? null,
    quantity: input.quantity,
    base_price: number(result.base_price),
    price_table: result.price_table
      ? {
          id: result.price_table.id,
          name: result.price_table.name,
          price: result.price_table.price.toNumber(),
        }
      : null,
    discounts: result.discounts.map((item) => ({
      id: item.id,
      name: item.name,
      type: item.type,
      value: item.value.toNumber(),
      amount: item.amount.toNumber(),
    })),
    unit_price: result.unit_price.toNumber(),
    total_value: result.total_value.toNumber(),
    payment_method: result.payment_method
      ? {
          id: result.payment_method.id,
          adjustment_rate: result.payment_method.adjustment_rate.toNumber(),
          installments: result.payment_method.installments.map((item) => ({
            sequence: item.sequence,
            value: item.value.toNumber(),
            due_date_delay: item.due_date_delay,
          })),
        }
      : null,
    ...(input.explain
      ? {
          steps: result.steps.map((step) => ({
            ...step,
            before: number(step.before),
            after: number(step.after),
          })),
        }
      : {}),
  };
}
