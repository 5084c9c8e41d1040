import { productWrite } from "../catalog/products/schemas";
import { getProduct, updateProduct, writeOf } from "../catalog/products/service";
import type { Db } from "../db/scoped";
import { transactionReads } from "../db/sql";
import { ALL_ORDERS } from "../auth/scope";
import { money, roundMoney, sumMoney } from "../lib/money";
import { orderCreate } from "../orders/orders/schemas";
import { demoShipment } from "../orders/demo-data";
import { createOrder } from "../orders/orders/write-order";
import { companyWrite } from "../parties/companies/schemas";
import { companies } from "../parties/companies/service";
import { partnerWrite, type PartnerAddress } from "../parties/partners/schemas";
import { partners } from "../parties/partners/service";
import { taxRules } from "../taxes/rules/service";
import { taxRuleWrite } from "../taxes/rules/schemas";
import { setTaxState } from "../taxes/uf-table/service";

/**
 * The demo's taxes (contract §12), written last through the same services as the API, so
 * the history before stays as it was (figured without taxes) and what comes after shows
 * every case: the companies' regime and address, a UF table, the products' fiscal data, two
 * rules (ICMS-ST on power tools sold within São Paulo, a reduced base on screws) and a
 * customer who buys for its own use in Pernambuco (DIFAL), with an open order of each kind.
 * The rates are illustrative demo figures, not a TIPI or a state's law.
 */
const STATES = [
  ["SP", 18, 0, "DOUBLE"],
  ["RJ", 20, 2, "SINGLE"],
  ["MG", 18, 0, "DOUBLE"],
  ["PR", 19.5, 0, "DOUBLE"],
  ["RS", 17, 0, "DOUBLE"],
  ["SC", 17, 0, "DOUBLE"],
  ["PE", 20.5, 2, "SINGLE"],
  ["GO", 19, 0, "DOUBLE"],
  ["BA", 20.5, 2, "DOUBLE"],
  ["ES", 17, 0, "SINGLE"],
] as const;

/** [SKU, NCM, CEST, origin, IPI %] */
const FISCAL: ReadonlyArray<readonly [string, string, string | null, number, number | null]> = [
  ["PAR-SEX-14-2", "73181500", null, 0, 5],
  ["BUC-NYL-8", "39269090", null, 1, 6.5],
  ["FIO-FLEX-25", "85444900", "1200100", 0, null],
  ["FUR-IMP-650", "84672100", "0800100", 0, 15],
];

const ADDRESSES = [
  { street: "Rodovia Presidente Dutra", number: "km 225", neighborhood: "Cumbica", city: "Guarulhos", city_code: "3518800", state: "SP" },
  {
    street: "Avenida John Boyd Dunlop",
    number: "3900",
    neighborhood: "Jardim Ipaussurama",
    city: "Campinas",
    city_code: "3509502",
    state: "SP",
  },
] as const;

export async function seedTaxesDemo(db: Db): Promise<void> {
  for (const [uf, internal_rate, fcp_rate, difal_method] of STATES) {
    await setTaxState(db, { uf, internal_rate, fcp_rate, difal_method, fcp_in_divisor: false });
  }
  // Both companies of the demo (one CNPJ root, so one regime): Lucro Presumido, IPI by equivalence (they import).
  const owned = await db.company.findMany({ orderBy: { fiscal_registration_number: "asc" } });
  for (const [index, company] of owned.entries()) {
    const address = ADDRESSES[index % ADDRESSES.length]!;
    await companies.service.update(
      db,
      company.id,
      companyWrite.parse({
        name: company.name,
        fiscal_registration_number: company.fiscal_registration_number,
        active: company.active,
        attributes: company.attributes,
        crt: 3,
        pis_cofins_regime: "CUMULATIVE",
        ipi_contributor: true,
        trade_name: "Paulista Ferramentas",
        state_registration: index === 0 ? "110042490114" : "244123675119",
        address: { ...address, complement: null, postal_code: index === 0 ? "07034000" : "13059900", phone: null },
      }),
    );
  }
  const reads = transactionReads(db);
  for (const [sku, ncm, cest, origin, ipi_rate] of FISCAL) {
    const row = await db.product.findFirst({ where: { sku }, select: { id: true } });
    if (!row) continue;
    const product = await getProduct(reads, row.id);
    await updateProduct(db, product.id, productWrite.parse({ ...writeOf(product), ncm, cest, origin, ipi_rate }));
  }
  const rule = (input: Record<string, unknown>) => taxRules.service.create(db, taxRuleWrite.parse(input));
  await rule({
    name: "ICMS-ST ferramentas elétricas (SP)",
    tax: "ICMS",
    cst: "10",
    csosn: "202",
    origin_states: ["SP"],
    destination_states: ["SP"],
    ie_indicators: [1],
    ncm_prefixes: ["8467"],
    rate: 18,
    mva: 37.81,
    st_internal_rate: 18,
  });
  await rule({
    name: "Parafusos com base reduzida",
    tax: "ICMS",
    cst: "20",
    csosn: "102",
    ncm_prefixes: ["7318"],
    base_reduction: 33.33,
  });

  // A customer in Pernambuco that buys for its own use: no State Registration, a final consumer (DIFAL).
  const buyer = await db.partner.findFirst({ where: { addresses: { array_contains: [{ state: "PE" }] } } });
  if (buyer) {
    await partners.service.update(
      db,
      buyer.id,
      partnerWrite.parse({
        name: buyer.name,
        trade_name: buyer.trade_name,
        fiscal_registration_number: buyer.fiscal_registration_number,
        state_registration: null,
        email: buyer.email,
        phone: buyer.phone,
        mobile: buyer.mobile,
        profile_id: buyer.profile_id,
        seller_id: buyer.seller_id,
        active: buyer.active,
        addresses: buyer.addresses as PartnerAddress[],
        attributes: buyer.attributes,
        ie_indicator: 9,
        final_consumer: true,
      }),
    );
  }
  // An open order of each kind: power tools within São Paulo (ICMS-ST) and to Pernambuco (DIFAL).
  const drill = await db.product.findFirst({ where: { sku: "FUR-IMP-650" }, include: { measure_unit: true } });
  const screws = await db.product.findFirst({ where: { sku: "PAR-SEX-14-2" }, include: { measure_unit: true } });
  const reseller = await db.partner.findFirst({
    where: { active: true, addresses: { array_contains: [{ state: "SP" }] }, NOT: { state_registration: null } },
    orderBy: { name: "asc" },
  });
  for (const partner of [reseller, buyer]) {
    if (!partner || !drill || !screws) continue;
    const items = [
      { product_id: drill.id, quantity: 2, unit_value: 459.9, unit: drill.measure_unit?.abbreviation ?? null },
      { product_id: screws.id, quantity: 100, unit_value: 1.35, unit: screws.measure_unit?.abbreviation ?? null },
    ];
    const orderValue = roundMoney(sumMoney(items.map((item) => money(item.unit_value).times(item.quantity))));
    await createOrder(
      db,
      ALL_ORDERS,
      orderCreate.parse({
        partner_id: partner.id,
        seller_id: partner.seller_id,
        negotiation_date: new Date().toISOString(),
        order_value: orderValue.toNumber(),
        discount_value: 0,
        freight_value: 40,
        total_value: orderValue.plus(40).toNumber(),
        quotation: false,
        ...demoShipment(partner),
        items,
        payments: [],
      }),
    );
  }
}
