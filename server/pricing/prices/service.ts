import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import { AppError, type FieldError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
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
import { dateOf } from "../fields";
import type { PriceCalculation, PriceCalculationInput } from "./schemas";

/**
 * POST /prices/product/calculate: loads what the price engine needs in two statements,
 * then lets the engine (server/pricing/engine.ts) decide. The first reads the product
 * (with its categories and specifications), the variation, the partner's profile and the
 * payment method, and checks the other references. The second reads the candidates,
 * each from its indexed side: the price tables that list the product
 * (`price_table_products (organization_id, product_id)`) or have a criteria for every
 * product, with only the criteria rows and target rows that concern this product and
 * context; the discounts without criteria and those whose criteria index
 * (`discount_criteria_values (organization_id, key, value)`) holds one of the product's
 * facts. Bad input, unknown references and a product without any price are 400
 * (interface: "400 cannot calculate").
 */

type Context = {
  partner_id: string | null;
  profile_id: string | null;
  company_id: string | null;
  payment_method_id: string | null;
};

/** Money read from the database as text (JSON numbers would be floats). */
type MoneyText = string | null;
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

const moneyOrNull = (value: MoneyText): Money | null =>
  value === null ? null : money(value);

function badInput(errors: FieldError[]): AppError {
  return new AppError(
    "BAD_REQUEST",
    errors.map((error) => `${error.path}: ${error.message}`).join("; "),
    { errors },
  );
}

type SubjectRow = {
  product: {
    id: string;
    name: string;
    sku: string;
    price: MoneyText;
    brand_id: string | null;
    category_ids: string[];
    specifications: Array<{ name: string; value: string }>;
  } | null;
  variation: { id: string; name: string; price: MoneyText; product_id: string } | null;
  partner: { profile_id: string | null } | null;
  profile_found: boolean;
  company_found: boolean;
  payment_method: {
    id: string;
    name: string;
    adjustment_rate: MoneyText;
    installments: Array<{ sequence: number; tax?: number; discount?: number; due_date_delay?: number }>;
  } | null;
};

const uuidOrNull = (value: string | null | undefined) => Prisma.sql`${value ?? null}::uuid`;

/**
 * The product, the variation, the partner's profile (when no profile is given) and the
 * payment method in one statement; every reference that names nothing is a 400, all at
 * once and in the order of the body.
 */
async function loadSubject(db: Db, input: PriceCalculationInput) {
  const [row] = await scopedQuery<SubjectRow>(db, (org) => Prisma.sql`
    SELECT
      (SELECT json_build_object(
                'id', p.id, 'name', p.name, 'sku', p.sku, 'price', p.price::text, 'brand_id', p.brand_id,
                'category_ids', COALESCE((SELECT json_agg(pc.category_id) FROM product_categories pc
                                          WHERE pc.organization_id = ${org} AND pc.product_id = p.id), '[]'::json),
                'specifications', COALESCE((SELECT json_agg(json_build_object('name', s.name, 'value', s.value))
                                            FROM product_specifications s WHERE s.organization_id = ${org} AND s.product_id = p.id), '[]'::json))
         FROM products p WHERE p.organization_id = ${org} AND p.id = ${input.product_id}::uuid) AS product,
      (SELECT json_build_object('id', v.id, 'name', v.name, 'price', v.price::text, 'product_id', v.product_id)
         FROM product_variations v WHERE v.organization_id = ${org} AND v.id = ${uuidOrNull(input.product_variation_id)}) AS variation,
      (SELECT json_build_object('profile_id', pa.profile_id)
         FROM partners pa WHERE pa.organization_id = ${org} AND pa.id = ${uuidOrNull(input.partner_id)}) AS partner,
      EXISTS (SELECT 1 FROM profiles pr WHERE pr.organization_id = ${org} AND pr.id = ${uuidOrNull(input.profile_id)}) AS profile_found,
      EXISTS (SELECT 1 FROM companies co WHERE co.organization_id = ${org} AND co.id = ${uuidOrNull(input.company_id)}) AS company_found,
      (SELECT json_build_object('id', m.id, 'name', m.name, 'adjustment_rate', m.adjustment_rate::text, 'installments', m.installments)
         FROM payment_methods m WHERE m.organization_id = ${org} AND m.id = ${uuidOrNull(input.payment_method_id)}) AS payment_method`);
  const { product, variation, partner, payment_method: method } = row!;
  const errors: FieldError[] = [];
  const missing = (path: string, message: string) =>
    errors.push({ path, message, code: "not_found_reference" });
  if (!product) missing("product_id", "no product with this id exists");
  else if (input.product_variation_id && variation?.product_id !== product.id)
    missing("product_variation_id", "no variation of this product has this id");
  if (input.partner_id && !partner) missing("partner_id", "no partner with this id exists");
  if (input.profile_id && !row!.profile_found) missing("profile_id", "no profile with this id exists");
  if (input.company_id && !row!.company_found) missing("company_id", "no company with this id exists");
  if (input.payment_method_id && !method) missing("payment_method_id", "no payment method with this id exists");
  if (errors.length > 0 || !product) throw badInput(errors);

  const pricingProduct: PricingProduct = {
    id: product.id,
    name: product.name,
    sku: product.sku,
    brand_id: product.brand_id,
    category_ids: product.category_ids,
    specifications: product.specifications,
    price: moneyOrNull(product.price),
    variation:
      input.product_variation_id && variation
        ? { id: variation.id, name: variation.name, price: moneyOrNull(variation.price) }
        : null,
  };
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
        adjustment_rate: moneyOrNull(method.adjustment_rate),
        installments: method.installments.map((item) => ({
          sequence: item.sequence,
          tax: money(item.tax ?? 0),
          discount: money(item.discount ?? 0),
          due_date_delay: item.due_date_delay ?? 0,
        })),
      }
    : null;
  return { product: pricingProduct, context, paymentMethod };
}

type Flags = { partner: boolean; profile: boolean; company: boolean; payment_method: boolean };
type CandidatesRow = {
  price_tables: Array<{
    id: string;
    name: string;
    start_date: string;
    end_date: string | null;
    flags: Flags;
    targets: TargetIds[];
    criteria: Array<{
      criteria_id: string;
      name: string | null;
      rate_type: "INCREASE" | "DECREASE";
      value_type: "MONETARY" | "PERCENTAGE";
      value: string;
      products: Array<{ product_id: string; product_variation_id: string | null; price: MoneyText }>;
    }>;
  }>;
  discounts: Array<{
    id: string;
    name: string;
    is_active: boolean;
    start_date: string | null;
    end_date: string | null;
    minimum_value: MoneyText;
    maximum_value: MoneyText;
    is_discount_over_discount: boolean;
    flags: Flags;
    targets: TargetIds[];
    ranges: Prisma.JsonValue;
    criteria: Prisma.JsonValue;
  }>;
};

/** Only the target rows that name the context's records: all the engine asks is whether they are listed. */
function targetFilter(alias: string, context: Context): Prisma.Sql {
  const column = (name: string) => Prisma.raw(`${alias}.${name}`);
  return Prisma.sql`(${column("partner_id")} = ${uuidOrNull(context.partner_id)}
    OR ${column("profile_id")} = ${uuidOrNull(context.profile_id)}
    OR ${column("company_id")} = ${uuidOrNull(context.company_id)}
    OR ${column("payment_method_id")} = ${uuidOrNull(context.payment_method_id)})`;
}

/** The candidate price tables and discounts of a product in a context, in one statement. */
async function loadCandidates(
  db: Db,
  product: PricingProduct,
  context: Context,
): Promise<{ priceTables: PriceTableCandidate[]; discounts: DiscountCandidate[] }> {
  const facts = factsOf(product);
  const [row] = await scopedQuery<CandidatesRow>(db, (org) => Prisma.sql`
    WITH listed AS (
      SELECT DISTINCT price_table_id FROM price_table_products
       WHERE organization_id = ${org} AND product_id = ${product.id}::uuid
      UNION
      SELECT price_table_id FROM price_table_criteria
       WHERE organization_id = ${org} AND has_products = false
    ), matched AS (
      SELECT id FROM discounts WHERE organization_id = ${org} AND has_criteria = false
      UNION
      SELECT v.discount_id FROM discount_criteria_values v
        JOIN unnest(${facts.map((fact) => fact.key)}::text[], ${facts.map((fact) => fact.value)}::text[]) AS f(key, value)
          ON v.key = f.key AND v.value = f.value
       WHERE v.organization_id = ${org}
    )
    SELECT
      (SELECT COALESCE(json_agg(json_build_object(
                'id', t.id, 'name', t.name, 'start_date', t.start_date, 'end_date', t.end_date,
                'flags', json_build_object('partner', t.is_partner_specific, 'profile', t.is_profile_specific,
                                           'company', t.is_company_specific, 'payment_method', t.is_payment_method_specific),
                'targets', COALESCE((SELECT json_agg(json_build_object('partner_id', g.partner_id, 'profile_id', g.profile_id,
                                                                       'company_id', g.company_id, 'payment_method_id', g.payment_method_id))
                                     FROM price_table_targets g WHERE g.price_table_id = t.id AND ${targetFilter("g", context)}), '[]'::json),
                'criteria', COALESCE((SELECT json_agg(json_build_object(
                                        'criteria_id', c.criteria_id, 'name', c.name, 'rate_type', c.rate_type,
                                        'value_type', c.value_type, 'value', c.value::text,
                                        'products', COALESCE((SELECT json_agg(json_build_object('product_id', tp.product_id,
                                                                'product_variation_id', tp.product_variation_id, 'price', tp.price::text))
                                                              FROM price_table_products tp
                                                              WHERE tp.criteria_row_id = c.id AND tp.product_id = ${product.id}::uuid), '[]'::json))
                                      ORDER BY c.position)
                                      FROM price_table_criteria c
                                      WHERE c.price_table_id = t.id
                                        AND (NOT c.has_products OR EXISTS (SELECT 1 FROM price_table_products tp
                                              WHERE tp.criteria_row_id = c.id AND tp.product_id = ${product.id}::uuid))), '[]'::json))
              ORDER BY t.id), '[]'::json)
         FROM price_tables t WHERE t.organization_id = ${org} AND t.id IN (SELECT price_table_id FROM listed)) AS price_tables,
      (SELECT COALESCE(json_agg(json_build_object(
                'id', d.id, 'name', d.name, 'is_active', d.is_active, 'start_date', d.start_date, 'end_date', d.end_date,
                'minimum_value', d.minimum_value::text, 'maximum_value', d.maximum_value::text,
                'is_discount_over_discount', d.is_discount_over_discount,
                'flags', json_build_object('partner', d.is_partner, 'profile', d.is_profile,
                                           'company', d.is_company, 'payment_method', d.is_payment_method),
                'targets', COALESCE((SELECT json_agg(json_build_object('partner_id', g.partner_id, 'profile_id', g.profile_id,
                                                                       'company_id', g.company_id, 'payment_method_id', g.payment_method_id))
                                     FROM discount_targets g WHERE g.discount_id = d.id AND ${targetFilter("g", context)}), '[]'::json),
                'ranges', d.ranges, 'criteria', d.criteria)
              ORDER BY d.id), '[]'::json)
         FROM discounts d WHERE d.organization_id = ${org} AND d.id IN (SELECT id FROM matched)) AS discounts`);
  const { price_tables: tables, discounts } = row!;
  return {
    priceTables: tables.map((table) => ({
      id: table.id,
      name: table.name,
      start_date: table.start_date,
      end_date: table.end_date,
      flags: table.flags,
      targets: targetsOf(table.targets),
      criteria: table.criteria.map((criteria) => ({
        criteria_id: criteria.criteria_id,
        name: criteria.name,
        rate_type: criteria.rate_type,
        value_type: criteria.value_type,
        value: money(criteria.value),
        products: criteria.products.map((item) => ({
          product_id: item.product_id,
          product_variation_id: item.product_variation_id,
          price: moneyOrNull(item.price),
        })),
      })),
    })),
    discounts: discounts.map((discount) => ({
      id: discount.id,
      name: discount.name,
      is_active: discount.is_active,
      start_date: discount.start_date,
      end_date: discount.end_date,
      minimum_value: moneyOrNull(discount.minimum_value),
      maximum_value: moneyOrNull(discount.maximum_value),
      is_discount_over_discount: discount.is_discount_over_discount,
      flags: discount.flags,
      targets: targetsOf(discount.targets),
      ranges: readRanges(discount.ranges).map((range) => ({
        minimum_quantity: money(range.minimum_quantity),
        type: range.type,
        value: money(range.value),
        is_product_value: range.is_product_value,
      })),
      criteria: readCriteria(discount.criteria).map((criteria) => ({
        criteria_id: criteria.criteria_id,
        name: criteria.name,
        entries: criteria.entries,
      })),
    })),
  };
}

const number = (value: Money | null): number | null => toJsonNumber(value);

export async function calculateProductPrice(
  db: Db,
  input: PriceCalculationInput,
  today = new Date(),
): Promise<PriceCalculation> {
  const { product, context, paymentMethod } = await loadSubject(db, input);
  const { priceTables, discounts } = await loadCandidates(db, product, context);
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
