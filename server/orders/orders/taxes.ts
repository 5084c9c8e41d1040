import { today } from "../../lib/calendar";
import { exact, EXACT_ZERO } from "../../lib/exact";
import { money, type Money } from "../../lib/money";
import { calculateTaxes } from "../../taxes/engine";
import { addressUf, partnerFiscalOf } from "../../taxes/fields";
import { itemTaxesJson, taxTotalsJson, type ItemTaxesJson, type TaxTotalsJson } from "../../taxes/schemas";
import { ufOf } from "../../taxes/states";
import type { References } from "./references";

/**
 * An order's taxes (contract §12), figured by the one tax engine on what the order's write
 * read (`References.taxes`): the issuer is the order's company (else the default one), the
 * buyer its partner, the destination the shipment's state, else the partner's default
 * address, else the issuer's own (a buyer without an address buys where the issuer is). An
 * issuer without `crt` or a UF figures none: the order's invoice value is its total.
 */
export interface OrderTaxes {
  items: Array<ItemTaxesJson | null>;
  totals: TaxTotalsJson | null;
  /** vNF; the order's total when it figures no taxes. */
  invoice: Money;
}

export interface TaxedItem {
  product_id: string;
  unit_value: string;
  quantity: string;
  discount: string;
}

export function orderTaxes(
  refs: References,
  order: { items: readonly TaxedItem[]; discount: Money; freight: Money; total: Money; shipmentState: string | null },
): OrderTaxes {
  const { issuer, rules, states, settings } = refs.taxes;
  const partner = refs.partner;
  if (!issuer || !partner || order.items.length === 0) {
    return { items: order.items.map(() => null), totals: null, invoice: order.total };
  }
  const fiscal = partnerFiscalOf(partner);
  const uf = ufOf(order.shipmentState) ?? addressUf(partner.addresses) ?? issuer.uf;
  const result = calculateTaxes({
    date: today(),
    issuer,
    buyer: { uf, ie_indicator: fiscal.ie_indicator, final_consumer: fiscal.final_consumer },
    items: order.items.map((item) => {
      const product = refs.products.get(item.product_id);
      return {
        product_id: item.product_id,
        ncm: product?.ncm ?? null,
        cest: product?.cest ?? null,
        origin: product?.origin ?? 0,
        ipi_rate: product?.ipi_rate ? exact(product.ipi_rate) : null,
        value: exact(item.unit_value).times(exact(item.quantity)).roundHalfEven(2),
        discount: exact(item.discount),
      };
    }),
    charges: { freight: exact(order.freight), insurance: EXACT_ZERO, other: EXACT_ZERO, discount: exact(order.discount) },
    rules,
    states,
    settings,
  });
  return {
    items: result.items.map((item) => itemTaxesJson(item.taxes)),
    totals: taxTotalsJson(result.totals),
    invoice: money(result.invoice_value.toString()),
  };
}
