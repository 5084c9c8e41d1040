import { taxesOfPrices } from "../../taxes/calculate/service";
import type { Db } from "../../db/scoped";
import type { ReadStatement } from "../../db/sql";
import { AppError, type FieldError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import { exact, type Exact } from "../../lib/exact";
import { calculatePrice, type PaymentMethodCandidate, type PriceResult, type PricingProduct } from "../engine";
import { dateOf } from "../fields";
import { candidatesOf, rulesAt, type ListedRow, type PricingContextIds, type PricingRules } from "./rules";
import type { PriceBatch, PriceBatchInput, PriceCalculation, PriceCalculationInput, PriceItemError } from "./schemas";

/**
 * POST /prices/product/calculate and POST /prices/products/calculate (a page of prices):
 * one statement, then the engine (server/pricing/engine.ts) decides per item. The
 * statement — prepared, its plan finds rows by key whatever the values, and on the driver
 * (`ctx.readStatement`) — reads the products (with their categories and specifications),
 * the variations, the partner's profile, the payment method, the rows of price tables that
 * list the products (`price_table_products (organization_id, product_id)`) and the org's
 * pricing version, and checks the other references. The price tables and discounts come
 * from the org's rules kept in memory at that version (./rules.ts): the candidates of an
 * item are found through the rules' indexes (what lists the product, what covers every
 * product, the discounts whose criteria hold one of its facts), never by walking them all.
 * One product: bad input, unknown references and a product without any price are 400
 * (interface: "400 cannot calculate"). A page: unknown shared references are 422, and an
 * item that cannot be priced answers its own `error` without failing the others.
 */

type Context = PricingContextIds;

/** Money read from the database as text (JSON numbers would be floats). */
type MoneyText = string | null;

const exactOrNull = (value: MoneyText): Exact | null => (value === null ? null : exact(value));

type ProductRow = {
  id: string;
  name: string;
  sku: string;
  price: MoneyText;
  brand_id: string | null;
  category_ids: string[];
  specifications: Array<{ name: string; value: string }>;
};

type VariationRow = {
  id: string;
  name: string;
  price: MoneyText;
  product_id: string;
};

type SubjectsRow = {
  products: ProductRow[];
  variations: VariationRow[];
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
  listed: Array<ListedRow & { product_id: string }>;
  pricing_version: string | null;
};

/** Who buys and how they pay, shared by every item of a calculation. */
type SharedInput = Omit<PriceCalculationInput, "product_id" | "product_variation_id" | "quantity">;
type ItemInput = Pick<PriceCalculationInput, "product_id" | "product_variation_id" | "quantity">;

const uuidOrNull = (value: string | null | undefined) => Prisma.sql`${value ?? null}::uuid`;

/**
 * The products, the variations, the partner's profile (when no profile is given) and the
 * payment method of a calculation in one statement.
 */
async function loadSubjects(read: ReadStatement, shared: SharedInput, items: readonly ItemInput[]) {
  const productIds = [...new Set(items.map((item) => item.product_id))];
  const variationIds = [...new Set(items.flatMap((item) => (item.product_variation_id ? [item.product_variation_id] : [])))];
  const [row] = await read<SubjectsRow>(
    "price-subjects",
    (org) => Prisma.sql`
    SELECT
      COALESCE((SELECT json_agg(json_build_object(
                'id', p.id, 'name', p.name, 'sku', p.sku, 'price', p.price::text, 'brand_id', p.brand_id,
                'category_ids', COALESCE((SELECT json_agg(pc.category_id) FROM product_categories pc
                                          WHERE pc.organization_id = ${org} AND pc.product_id = p.id), '[]'::json),
                'specifications', COALESCE((SELECT json_agg(json_build_object('name', s.name, 'value', s.value))
                                            FROM product_specifications s WHERE s.organization_id = ${org} AND s.product_id = p.id), '[]'::json)))
         FROM products p WHERE p.organization_id = ${org} AND p.id = ANY(${productIds}::uuid[])), '[]'::json) AS products,
      COALESCE((SELECT json_agg(json_build_object('id', v.id, 'name', v.name, 'price', v.price::text, 'product_id', v.product_id))
         FROM product_variations v WHERE v.organization_id = ${org} AND v.id = ANY(${variationIds}::uuid[])), '[]'::json) AS variations,
      (SELECT json_build_object('profile_id', pa.profile_id)
         FROM partners pa WHERE pa.organization_id = ${org} AND pa.id = ${uuidOrNull(shared.partner_id)}) AS partner,
      EXISTS (SELECT 1 FROM profiles pr WHERE pr.organization_id = ${org} AND pr.id = ${uuidOrNull(shared.profile_id)}) AS profile_found,
      EXISTS (SELECT 1 FROM companies co WHERE co.organization_id = ${org} AND co.id = ${uuidOrNull(shared.company_id)}) AS company_found,
      (SELECT json_build_object('id', m.id, 'name', m.name, 'adjustment_rate', m.adjustment_rate::text, 'installments', m.installments)
         FROM payment_methods m WHERE m.organization_id = ${org} AND m.id = ${uuidOrNull(shared.payment_method_id)}) AS payment_method,
      COALESCE((SELECT json_agg(json_build_object('product_id', tp.product_id, 'price_table_id', tp.price_table_id,
                                                  'criteria_row_id', tp.criteria_row_id,
                                                  'product_variation_id', tp.product_variation_id, 'price', tp.price::text))
                FROM price_table_products tp WHERE tp.organization_id = ${org} AND tp.product_id = ANY(${productIds}::uuid[])), '[]'::json) AS listed,
      (SELECT version::text FROM pricing_versions WHERE organization_id = ${org}) AS pricing_version`,
  );
  const { partner, payment_method: method } = row!;
  const errors: FieldError[] = [];
  const missing = (path: string, message: string) => errors.push({ path, message, code: "not_found_reference" });
  if (shared.partner_id && !partner) missing("partner_id", "no partner with this id exists");
  if (shared.profile_id && !row!.profile_found) missing("profile_id", "no profile with this id exists");
  if (shared.company_id && !row!.company_found) missing("company_id", "no company with this id exists");
  if (shared.payment_method_id && !method) missing("payment_method_id", "no payment method with this id exists");

  const listed = new Map<string, ListedRow[]>();
  for (const entry of row!.listed) {
    const rows = listed.get(entry.product_id);
    if (rows) rows.push(entry);
    else listed.set(entry.product_id, [entry]);
  }
  const context: Context = {
    partner_id: shared.partner_id ?? null,
    profile_id: shared.profile_id ?? partner?.profile_id ?? null,
    company_id: shared.company_id ?? null,
    payment_method_id: shared.payment_method_id ?? null,
  };
  const paymentMethod: PaymentMethodCandidate | null = method
    ? {
        id: method.id,
        name: method.name,
        adjustment_rate: exactOrNull(method.adjustment_rate),
        installments: method.installments.map((item) => ({
          sequence: item.sequence,
          tax: exact(item.tax ?? 0),
          discount: exact(item.discount ?? 0),
          due_date_delay: item.due_date_delay ?? 0,
        })),
      }
    : null;
  return {
    products: new Map(row!.products.map((product) => [product.id, product])),
    variations: new Map(row!.variations.map((variation) => [variation.id, variation])),
    listed,
    context,
    paymentMethod,
    /** The shared references that name nothing, in the order of the body. */
    errors,
    version: row!.pricing_version ?? "0",
  };
}

type Subjects = Awaited<ReturnType<typeof loadSubjects>>;

/** Why an item could not be priced: its field errors (an unknown product or variation) or the engine's refusal. */
type ItemFailure = { errors: FieldError[]; code: PriceItemError["code"]; message: string };

const number = (value: Exact | null): number | null => (value === null ? null : value.toNumber());

/**
 * The answer of one priced item; `discounts` as `discountsOf` writes them: in full for one
 * price (the interface's `{id, name, type, value, amount}`), compact in a page of prices.
 */
function answerOf<Discount>(
  item: ItemInput,
  result: PriceResult,
  explain: boolean,
  discountsOf: (applied: PriceResult["discounts"]) => Discount[],
) {
  return {
    product_id: item.product_id,
    product_variation_id: item.product_variation_id ?? null,
    quantity: item.quantity,
    base_price: number(result.base_price),
    price_table: result.price_table
      ? { id: result.price_table.id, name: result.price_table.name, price: result.price_table.price.toNumber() }
      : null,
    discounts: discountsOf(result.discounts),
    unit_price: result.unit_price.toNumber(),
    total_value: result.total_value.toNumber(),
    payment_method: result.payment_method
      ? {
          id: result.payment_method.id,
          adjustment_rate: result.payment_method.adjustment_rate.toNumber(),
          installments: result.payment_method.installments.map((installment) => ({
            sequence: installment.sequence,
            value: installment.value.toNumber(),
            due_date_delay: installment.due_date_delay,
          })),
        }
      : null,
    ...(explain ? { steps: result.steps.map((step) => ({ ...step, before: number(step.before), after: number(step.after) })) } : {}),
  };
}

const fullDiscounts = (applied: PriceResult["discounts"]) =>
  applied.map((discount) => ({
    id: discount.id,
    name: discount.name,
    type: discount.type,
    value: discount.value.toNumber(),
    amount: discount.amount.toNumber(),
  }));

/** One item priced with the rules at the statement's version, or why it cannot be. */
function priceItem(
  subjects: Subjects,
  rules: PricingRules,
  shared: SharedInput,
  item: ItemInput,
  today: Date,
): { ok: true; result: PriceResult } | { ok: false; failure: ItemFailure } {
  const product = subjects.products.get(item.product_id);
  const variation = item.product_variation_id ? subjects.variations.get(item.product_variation_id) : undefined;
  const errors = priceItemErrors(subjects, item);
  if (errors.length > 0 || !product)
    return {
      ok: false,
      failure: { errors, code: "not_found_reference", message: errors.map((error) => `${error.path}: ${error.message}`).join("; ") },
    };

  const pricingProduct: PricingProduct = {
    id: product.id,
    name: product.name,
    sku: product.sku,
    brand_id: product.brand_id,
    category_ids: product.category_ids,
    specifications: product.specifications,
    price: exactOrNull(product.price),
    variation: variation ? { id: variation.id, name: variation.name, price: exactOrNull(variation.price) } : null,
  };
  const date = shared.date ?? dateOf(today);
  const trace = shared.explain === true;
  const { priceTables, discounts } = candidatesOf(rules, pricingProduct, subjects.listed.get(product.id) ?? [], subjects.context, {
    date,
    trace,
  });
  const result = calculatePrice({
    product: pricingProduct,
    priceTables,
    discounts,
    paymentMethod: subjects.paymentMethod,
    trace,
    context: {
      ...subjects.context,
      installments: shared.installments ?? null,
      quantity: exact(item.quantity),
      date,
    },
  });
  if (!result.ok) {
    const path = result.code === "installments_not_offered" ? "installments" : "product_id";
    return {
      ok: false,
      failure: { errors: [{ path, message: result.message, code: result.code }], code: result.code, message: result.message },
    };
  }
  return { ok: true, result };
}

/** POST /prices/product/calculate: one product; whatever stops it is a 400 naming every reason at once, in the order of the body. */
export async function calculateProductPrice(
  db: Db,
  read: ReadStatement,
  input: PriceCalculationInput,
  today = new Date(),
): Promise<PriceCalculation> {
  const { product_id, product_variation_id, quantity, ...shared } = input;
  const item = { product_id, product_variation_id, quantity };
  const subjects = await loadSubjects(read, shared, [item]);
  const itemErrors = priceItemErrors(subjects, item);
  if (subjects.errors.length > 0 || itemErrors.length > 0) {
    const errors = [...itemErrors, ...subjects.errors];
    throw new AppError("bad_request", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
  }
  const priced = priceItem(subjects, await rulesAt(db, subjects.version), shared, item, today);
  if (priced.ok) return answerOf(item, priced.result, shared.explain, fullDiscounts);
  // The product and variation are known here: what stops the item is the engine's refusal.
  const { code, message, errors } = priced.failure;
  throw new AppError(code === "not_found_reference" ? "bad_request" : code, message, { errors });
}

/** The field errors of an item whose product or variation names nothing. */
function priceItemErrors(subjects: Subjects, item: ItemInput): FieldError[] {
  const product = subjects.products.get(item.product_id);
  if (!product) return [{ path: "product_id", message: "no product with this id exists", code: "not_found_reference" }];
  if (item.product_variation_id && subjects.variations.get(item.product_variation_id)?.product_id !== product.id)
    return [{ path: "product_variation_id", message: "no variation of this product has this id", code: "not_found_reference" }];
  return [];
}

/**
 * POST /prices/products/calculate: a page of prices (1..100 items) for one buyer, in one
 * statement; the answer's items are in the order of the body, each the one product's
 * answer or its own `error`. Unknown shared references are 422 (nothing is priced).
 */
export async function calculateProductPrices(db: Db, read: ReadStatement, input: PriceBatchInput, today = new Date()): Promise<PriceBatch> {
  const { items, taxes: _taxes, ...shared } = input;
  const subjects = await loadSubjects(read, shared, items);
  if (subjects.errors.length > 0) throw AppError.fields(subjects.errors);
  const rules = await rulesAt(db, subjects.version);
  // Each applied discount named once for the page: the items carry its id, kind and amount (issue 45).
  const names = new Map<string, string>();
  const compact = (applied: PriceResult["discounts"]) =>
    applied.map((discount) => {
      names.set(discount.id, discount.name);
      return { id: discount.id, type: discount.type, amount: discount.amount.toNumber() };
    });
  const prices = items.map((item) => {
    const priced = priceItem(subjects, rules, shared, item, today);
    return priced.ok ? { ok: true as const, value: answerOf(item, priced.result, shared.explain, compact) } : priced;
  });
  // Contract §12: `taxes: true` adds each price's taxes for the partner.
  const taxed = input.taxes
    ? await taxesOfPrices(
        read,
        shared,
        prices.map((priced) => (priced.ok ? priced.value : null)),
      )
    : null;
  return {
    items: items.map((item, index) => {
      const priced = prices[index]!;
      if (priced.ok) return { ...priced.value, ...(taxed?.[index] ?? {}) };
      const { code, message, errors } = priced.failure;
      const params: Record<string, string> = code === "not_found_reference" ? { field: errors[0]!.path } : {};
      return {
        product_id: item.product_id,
        product_variation_id: item.product_variation_id ?? null,
        quantity: item.quantity,
        error: { code, message, params },
      };
    }),
    discounts: [...names].map(([id, name]) => ({ id, name })),
  };
}
