import { transaction } from "../db/transaction";
import type { ScopedDb } from "../db/scoped";
import { money, roundMoney, sumMoney } from "../lib/money";
import { nfeKeyOf } from "../lib/nfe-key";
import type { Phase } from "../orders/orders/phases";
import { ALL_ORDERS } from "../orders/orders/scope";
import { writeOrder } from "../orders/orders/write-order";
import { solutionCrud } from "./solutions/service";
import { saleWrite } from "./sales/schemas";
import { writeSales } from "./sales/write-sale";

/** How many demo sales, and over how many days back from now. */
export const DEMO_SALES = 300;
const DEMO_DAYS = 182;
const BATCH = 50;

/** A small deterministic generator (mulberry32): the same demo history on every first start. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Months of sales history for the demo org (the sales pages and the insights dashboard
 * need it): sales channels, then ~300 sales over the last six months through the sales
 * service itself (`writeSales`: every check, the order with its stock and the
 * receivables, as a real sale; no events, as no webhook exists yet), 50 to a transaction.
 * Each order then moves on as time did (`advance`): delivered when old, shipped, invoiced
 * or confirmed when recent, a few canceled, so the stock's ledger explains its figures.
 * Needs the catalog, parties, settings and stock demo first.
 */
export async function seedSalesDemo(db: ScopedDb, now = new Date()): Promise<number> {
  const channels: Array<{ id: string }> = [];
  for (const channel of [
    { name: "Loja virtual B2B", metadata: { url: "https://loja.exemplo.com.br" } },
    { name: "App do representante", metadata: { platform: "android" } },
    { name: "Televendas", metadata: {} },
  ]) {
    channels.push(await solutionCrud.service.create(db, { ...channel, active: true, attributes: {} }));
  }
  const [partners, products, methods, sellers, company] = await Promise.all([
    db.partner.findMany({ where: { active: true }, select: { id: true }, orderBy: { name: "asc" } }),
    db.product.findMany({ where: { active: true }, select: { id: true, price: true }, orderBy: { name: "asc" } }),
    db.paymentMethod.findMany({ where: { active: true }, select: { id: true, type: true, installments: true }, orderBy: { name: "asc" } }),
    db.seller.findMany({ where: { active: true }, select: { id: true }, orderBy: { name: "asc" } }),
    db.company.findFirst({ where: { is_default: true }, select: { id: true, fiscal_registration_number: true } }),
  ]);
  if (partners.length === 0 || products.length === 0 || methods.length === 0) return 0;
  const next = random(20_260_101);
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)] as T;
  // A product without a price sells at a demo price of its own, the same in every sale.
  const priceOf = new Map(
    products.map((product) => [product.id, product.price ? money(product.price) : money(Math.floor(2_000 + next() * 48_000) / 100)]),
  );
  const bodies = Array.from({ length: DEMO_SALES }, (_, index) => {
    // Older days a little quieter than recent ones: the history grows.
    const daysAgo = Math.floor(DEMO_DAYS * Math.pow(next(), 1.3));
    const createdAt = new Date(now.getTime() - daysAgo * 86_400_000 - Math.floor(next() * 36_000_000));
    const lines = 1 + Math.floor(next() * 4);
    const items = Array.from({ length: lines }, () => {
      const product = pick(products);
      const quantity = 1 + Math.floor(next() * 12);
      const unitValue = priceOf.get(product.id) ?? money(0);
      const discount = next() < 0.3 ? roundMoney(unitValue.times(quantity).times(0.05)) : money(0);
      return { product_id: product.id, quantity, unit_value: unitValue.toNumber(), discount: discount.toNumber(), unit: "UN" };
    });
    const itemsTotal = sumMoney(items.map((item) => money(item.unit_value).times(item.quantity).minus(item.discount)));
    const freight = next() < 0.6 ? money(Math.floor(next() * 8000) / 100) : money(0);
    const full = itemsTotal.plus(freight);
    const method = pick(methods);
    const most = Array.isArray(method.installments) ? Math.max(1, method.installments.length) : 1;
    return saleWrite.parse({
      external_id: `DEMO-${String(index + 1).padStart(4, "0")}`,
      partner_id: pick(partners).id,
      seller_id: sellers.length > 0 ? pick(sellers).id : null,
      company_id: company?.id ?? null,
      created_at: createdAt.toISOString(),
      updated_by: "demo",
      full_value: full.toNumber(),
      total_value: full.toNumber(),
      quotation: next() < 0.08,
      origin: { solution_id: pick(channels).id, attributes: {} },
      items,
      freight: { amount: freight.toNumber() },
      payments: [
        {
          payment_method_id: method.id,
          amount: full.toNumber(),
          installments: 1 + Math.floor(next() * most),
          transaction_id: method.type === "CREDIT_CARD" ? `demo-${index + 1}` : null,
        },
      ],
    });
  });
  const statuses = await db.status.findMany({
    where: { type: "ORDER", phase: { not: null } },
    orderBy: { order: "asc" },
    select: { id: true, phase: true },
  });
  const statusOf = (phase: Phase) => statuses.find((status) => status.phase === phase)?.id;
  let invoiceNumber = 0;
  for (let start = 0; start < bodies.length; start += BATCH) {
    const batch = bodies.slice(start, start + BATCH);
    await transaction(db, async (tx) => {
      const written = await writeSales(tx, batch);
      for (const [index, sale] of written.entries()) {
        const body = batch[index];
        if (!sale.orderId || !body) continue;
        const phase = phaseByAge(now.getTime() - body.created_at.getTime(), next());
        const statusId = statusOf(phase);
        if (phase === "OPEN" || !statusId) continue;
        // An order the policy held then (contract §11) went on because the credit desk approved it.
        if (phase !== "CANCELED" && (await tx.orderHold.count({ where: { order_id: sale.orderId } })) > 0) {
          const decision = { kind: "approval", id: sale.orderId, decision: "APPROVE", note: "Liberado pelo crédito" } as const;
          await writeOrder(tx, ALL_ORDERS, decision, { announce: false });
        }
        const yymm = body.created_at.toISOString().slice(2, 7).replace("-", "");
        const invoices =
          phase === "CONFIRMED" || phase === "CANCELED" || !company
            ? []
            : [{ invoice_key: nfeKeyOf(company.fiscal_registration_number, yymm, ++invoiceNumber) }];
        await writeOrder(tx, ALL_ORDERS, { kind: "status", id: sale.orderId, status: statusId, invoices }, { announce: false });
      }
    });
  }
  return bodies.length;
}

/** Where an order of that age stands now: the older, the further on; a few canceled. */
function phaseByAge(ageMs: number, chance: number): Phase {
  const days = ageMs / 86_400_000;
  if (chance < 0.06) return "CANCELED";
  if (days > 21) return "DELIVERED";
  if (days > 10) return "SHIPPED";
  if (days > 4) return "INVOICED";
  if (days > 2) return "CONFIRMED";
  return "OPEN";
}
