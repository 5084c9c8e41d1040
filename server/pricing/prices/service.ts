import type { Db } from "../../db/scoped";
import type { ReadStatement } from "../../db/sql";
import { AppError, type FieldError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import { money, toJsonNumber, type Money } from "../../lib/money";
import { calculatePrice, type PaymentMethodCandidate, type PricingProduct } from "../engine";
import { dateOf } from "../fields";
import { candidatesOf, rulesAt, type ListedRow, type PricingContextIds } from "./rules";
import type { PriceCalculation, PriceCalculationInput } from "./schemas";

/**
 * POST /prices/product/calculate: one statement, then the engine
 * (server/pricing/engine.ts) decides. The statement — prepared, its plan finds rows by
 * key whatever the values, and on the driver (`ctx.readStatement`) — reads the product (with its
 * categories and specifications), the variation, the partner's profile, the payment
 * method, the rows of price tables that list the product
 * (`price_table_products (organization_id, product_id)`) and the org's pricing version,
 * and checks the other references. The price tables and discounts come from the org's
 * rules kept in memory at that version (./rules.ts); the candidates are those that list
 * the product or cover every product, and the discounts without criteria or whose
 * criteria values hold one of the product's facts. Bad input, unknown references and a
 * product without any price are 400 (interface: "400 cannot calculate").
 */

type Context = PricingContextIds;

/** Money read from the database as text (JSON numbers would be floats). */
type MoneyText = string | null;

const moneyOrNull = (value: MoneyText): Money | null => (value === null ? null : money(value));

function badInput(errors: FieldError[]): AppError {
  return new AppError("BAD_REQUEST", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
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
  variation: {
    id: string;
    name: string;
    price: MoneyText;
    product_id: string;
  } | null;
  partner: { profile_id: string | null } | null;
  profile_found: boolean;
  company_found: boolean;
  payment_method: {
    id: string;
    name: string;
    adjustment_rate: MoneyText;
    installments: Array<{
      sequence: number;
      tax?: number;
      discount?: number;
      due_date_delay?: number;
    }>;
  } | null;
  listed: ListedRow[];
  pricing_version: string | null;
};

const uuidOrNull = (value: string | null | undefined) => Prisma.sql`${value ?? null}::uuid`;

/**
 * The product, the variation, the partner's profile (when no profile is given) and the
 * payment method in one statement; every reference that names nothing is a 400, all at
 * once and in the order of the body.
 */
async function loadSubject(read: ReadStatement, input: PriceCalculationInput) {
  const [row] = await read<SubjectRow>(
    "price-subject",
    (org) => Prisma.sql`
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
         FROM payment_methods m WHERE m.organization_id = ${org} AND m.id = ${uuidOrNull(input.payment_method_id)}) AS payment_method,
      COALESCE((SELECT json_agg(json_build_object('price_table_id', tp.price_table_id, 'criteria_row_id', tp.criteria_row_id,
                                                  'product_variation_id', tp.product_variation_id, 'price', tp.price::text))
                FROM price_table_products tp WHERE tp.organization_id = ${org} AND tp.product_id = ${input.product_id}::uuid), '[]'::json) AS listed,
      (SELECT version::text FROM pricing_versions WHERE organization_id = ${org}) AS pricing_version`,
  );
  const { product, variation, partner, payment_method: method } = row!;
  const errors: FieldError[] = [];
  const missing = (path: string, message: string) => errors.push({ path, message, code: "not_found_reference" });
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
        ? {
            id: variation.id,
            name: variation.name,
            price: moneyOrNull(variation.price),
          }
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
  return {
    product: pricingProduct,
    context,
    paymentMethod,
    listed: row!.listed,
    version: row!.pricing_version ?? "0",
  };
}

const number = (value: Money | null): number | null => toJsonNumber(value);

export async function calculateProductPrice(
  db: Db,
  read: ReadStatement,
  input: PriceCalculationInput,
  today = new Date(),
): Promise<PriceCalculation> {
  const { product, context, paymentMethod, listed, version } = await loadSubject(read, input);
  const rules = await rulesAt(db, version);
  const { priceTables, discounts } = candidatesOf(rules, product, listed, context);
  const quantity = money(input.quantity);
  const result = calculatePrice({
    product,
    priceTables,
    discounts,
    paymentMethod,
    trace: input.explain === true,
    context: {
      ...context,
      installments: input.installments ?? null,
      quantity,
      date: input.date ?? dateOf(today),
    },
  });
  if (!result.ok) {
    const path = result.code === "installments_not_offered" ? "installments" : "product_id";
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
