import type { ReadStatement } from "../../db/sql";
import { AppError, type FieldError } from "../../errors";
import { today } from "../../lib/calendar";
import { exact, EXACT_ZERO as ZERO, sumExact } from "../../lib/exact";
import { addressUf, partnerFiscalOf } from "../fields";
import { calculateTaxes, type TaxBuyer, type TaxItemInput } from "../engine";
import { itemTaxesJson, taxTotalsJson, type ItemTaxesJson } from "../schemas";
import { readTaxSubjects } from "../world";
import type { TaxCalculation, TaxCalculationInput } from "./schemas";

/**
 * POST /taxes/calculate (contract §12): the taxes an order of these items would carry, as
 * the order would carry them; `explain` adds every rule considered per item and tax.
 */
export async function calculateTaxesOf(read: ReadStatement, input: TaxCalculationInput): Promise<TaxCalculation> {
  const productIds = [...new Set(input.items.map((item) => item.product_id))];
  const variationIds = [...new Set(input.items.flatMap((item) => (item.product_variation_id ? [item.product_variation_id] : [])))];
  const {
    world,
    issuerId,
    partner,
    products: byId,
    variations: variationOf,
  } = await readTaxSubjects(read, {
    companyId: input.company_id ?? null,
    partnerId: input.partner_id ?? null,
    productIds,
    variationIds,
  });
  const errors: FieldError[] = [];
  if (!issuerId) {
    errors.push(
      input.company_id
        ? { path: "company_id", message: "no company with this id exists", code: "not_found_reference" }
        : { path: "company_id", message: "is needed: the organization has no default company", code: "no_default_company" },
    );
  } else if (world.missing === "crt") {
    errors.push({ path: "company_id", message: "the company has no tax regime (crt): no taxes are figured for it", code: "no_tax_regime" });
  } else if (world.missing === "address") {
    errors.push({ path: "company_id", message: "the company's address has no UF (state)", code: "no_origin_state" });
  }
  if (input.partner_id && !partner)
    errors.push({ path: "partner_id", message: "no partner with this id exists", code: "not_found_reference" });
  input.items.forEach((item, index) => {
    if (!byId.has(item.product_id)) {
      errors.push({ path: `items.${index}.product_id`, message: "no product with this id exists", code: "not_found_reference" });
    } else if (item.product_variation_id && variationOf.get(item.product_variation_id) !== item.product_id) {
      errors.push({
        path: `items.${index}.product_variation_id`,
        message: variationOf.has(item.product_variation_id) ? "is a variation of another product" : "no variation with this id exists",
        code: variationOf.has(item.product_variation_id) ? "mismatch" : "not_found_reference",
      });
    }
  });
  const destination = input.destination_state ?? (partner ? addressUf(partner.addresses) : null);
  if (!destination && !(input.partner_id && !partner)) {
    errors.push(
      input.partner_id
        ? { path: "destination_state", message: "is required: the partner has no address with a UF", code: "required" }
        : { path: "destination_state", message: "is required without partner_id", code: "required" },
    );
  }
  const values = input.items.map((item) => exact(item.unit_value).times(exact(item.quantity)).roundHalfEven(2));
  const gross = sumExact(values);
  input.items.forEach((item, index) => {
    if (exact(item.discount).greaterThan(values[index]!)) {
      errors.push({ path: `items.${index}.discount`, message: "must not exceed quantity × unit_value", code: "too_large" });
    }
  });
  if (exact(input.discount_value).greaterThan(gross)) {
    errors.push({
      path: "discount_value",
      message: "must not exceed the items' value",
      code: "too_large",
      params: { items_value: gross.toNumber() },
    });
  }
  if (errors.length > 0 || !world.issuer || !issuerId || !destination) throw AppError.fields(errors);

  const fiscal = partner ? partnerFiscalOf(partner) : null;
  const ie = fiscal?.ie_indicator ?? input.ie_indicator ?? 9;
  const buyer: TaxBuyer = {
    uf: destination,
    ie_indicator: ie,
    final_consumer: fiscal?.final_consumer ?? input.final_consumer ?? ie === 9,
  };
  const items: TaxItemInput[] = input.items.map((item, index) => {
    const product = byId.get(item.product_id)!;
    return {
      product_id: product.id,
      ncm: product.ncm,
      cest: product.cest,
      origin: product.origin,
      ipi_rate: product.ipi_rate === null ? null : exact(product.ipi_rate),
      value: values[index]!,
      discount: exact(item.discount),
    };
  });
  const result = calculateTaxes({
    date: input.date ?? today(),
    issuer: world.issuer,
    buyer,
    items,
    charges: {
      freight: exact(input.freight_value),
      insurance: exact(input.insurance_value),
      other: exact(input.other_value),
      discount: exact(input.discount_value),
    },
    rules: world.rules,
    states: world.states,
    settings: world.settings,
    explain: input.explain,
  });
  return {
    company_id: issuerId,
    origin_state: world.issuer.uf,
    destination_state: destination,
    ie_indicator: buyer.ie_indicator,
    final_consumer: buyer.final_consumer,
    items: input.items.map((item, index) => ({
      product_id: item.product_id,
      product_variation_id: item.product_variation_id ?? null,
      quantity: item.quantity,
      unit_value: item.unit_value,
      total_value: values[index]!.toNumber(),
      taxes: itemTaxesJson(result.items[index]!.taxes),
      ...(result.items[index]!.steps ? { steps: result.items[index]!.steps! } : {}),
    })),
    tax_totals: taxTotalsJson(result.totals),
    invoice_value: result.invoice_value.toNumber(),
  };
}

/**
 * Contract §12 for a page of prices (`taxes: true` on POST /prices/products/calculate): each
 * priced item's taxes as an order of that item alone would carry them for the partner (its
 * default address's UF, else the issuer's), and what the customer pays per unit and in all.
 * 422 naming `partner_id` without one, `company_id` when the issuer figures no taxes.
 */
export async function taxesOfPrices(
  read: ReadStatement,
  input: { partner_id?: string | null; company_id?: string | null; date?: string | null },
  priced: ReadonlyArray<{ product_id: string; quantity: number; unit_price: number } | null>,
): Promise<Array<{ taxes: ItemTaxesJson; price_with_taxes: number; total_with_taxes: number } | null>> {
  if (!input.partner_id)
    throw AppError.invalid("partner_id", "is needed with taxes: the buyer whose taxes are figured", "required_with_taxes");
  const productIds = [...new Set(priced.flatMap((item) => (item ? [item.product_id] : [])))];
  const {
    world,
    partner,
    products: byId,
  } = await readTaxSubjects(read, {
    companyId: input.company_id ?? null,
    partnerId: input.partner_id,
    productIds,
    variationIds: [],
  });
  if (!world.issuer) {
    throw AppError.invalid(
      "company_id",
      world.missing === "address"
        ? "the company's address has no UF (state)"
        : "the company has no tax regime (crt): no taxes are figured for it",
      world.missing === "address" ? "no_origin_state" : "no_tax_regime",
    );
  }
  if (!partner) throw AppError.invalid("partner_id", "no partner with this id exists", "not_found_reference");
  const fiscal = partnerFiscalOf(partner);
  const buyer: TaxBuyer = { uf: addressUf(partner.addresses) ?? world.issuer.uf, ...fiscal };
  const date = input.date ?? today();
  return priced.map((item) => {
    const product = item ? byId.get(item.product_id) : undefined;
    if (!item || !product) return null;
    const quantity = exact(item.quantity);
    const value = exact(item.unit_price).times(quantity).roundHalfEven(2);
    const result = calculateTaxes({
      date,
      issuer: world.issuer!,
      buyer,
      items: [
        {
          product_id: product.id,
          ncm: product.ncm,
          cest: product.cest,
          origin: product.origin,
          ipi_rate: product.ipi_rate === null ? null : exact(product.ipi_rate),
          value,
          discount: ZERO,
        },
      ],
      charges: { freight: ZERO, insurance: ZERO, other: ZERO, discount: ZERO },
      rules: world.rules,
      states: world.states,
      settings: world.settings,
    });
    return {
      taxes: itemTaxesJson(result.items[0]!.taxes),
      price_with_taxes: result.invoice_value.dividedToPlaces(quantity, 2).toNumber(),
      total_with_taxes: result.invoice_value.toNumber(),
    };
  });
}
