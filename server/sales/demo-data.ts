import type { Db } from "../db/scoped";
import { AppError } from "../errors";
import { money, roundMoney, sumMoney } from "../lib/money";
import { nfeKeyOf } from "../lib/nfe-key";
import type { Phase } from "../settings/statuses/phases";
import { ALL_ORDERS } from "../auth/scope";
import { writeOrder } from "../orders/orders/write-order";
import { solutionCrud } from "./solutions/service";
import { saleWrite, type SaleWriteOutput } from "./sales/schemas";
import { writeSales } from "./sales/write-sale";

/** How many demo sales, and over how many days back from the demo's start. */
export const DEMO_SALES = 300;
const DEMO_DAYS = 182;

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

const CHANNELS = [
  { name: "Loja virtual B2B", metadata: { url: "https://loja.exemplo.com.br" } },
  { name: "App do representante", metadata: { platform: "android" } },
  { name: "Televendas", metadata: {} },
];

/** The demo's sales channels (a sale's `origin`). */
export async function seedSalesChannelsDemo(db: Db): Promise<void> {
  for (const channel of CHANNELS) await solutionCrud.service.create(db, { ...channel, active: true, attributes: {} });
}

/** One demo sale: its body, and where its order stands now (it moved on as time did). */
interface DemoSale {
  body: SaleWriteOutput;
  phase: Phase;
}

/** The demo's sales, in the order they are written, with what their orders need to move on. */
export interface DemoSalesPlan {
  sales: DemoSale[];
  statusOf: (phase: Phase) => string | undefined;
  /** The CNPJ of the company that issues the demo's NF-e keys (none: orders stop before invoicing). */
  issuer: string | null;
}

/**
 * ~6 months of sales history for the demo org (the sales pages and the insights dashboard
 * need it), the same on every start that begins at `now`: every body and where its order
 * ends up is drawn here, before anything is written, so a demo resumed after a restart
 * (server/organizations/demo-data.ts) writes exactly the sales a run without one would.
 * Needs the catalog, parties, settings, stock demo and the sales channels first.
 */
export async function demoSalesPlan(db: Db, now: Date): Promise<DemoSalesPlan> {
  const [partners, products, methods, sellers, company, channels, statuses] = await Promise.all([
    db.partner.findMany({ where: { active: true }, select: { id: true }, orderBy: { name: "asc" } }),
    db.product.findMany({ where: { active: true }, select: { id: true, price: true }, orderBy: { name: "asc" } }),
    db.paymentMethod.findMany({
      where: { active: true },
      select: { id: true, type: true, installments: true, minimum_installment_value: true },
      orderBy: { name: "asc" },
    }),
    db.seller.findMany({ where: { active: true }, select: { id: true }, orderBy: { name: "asc" } }),
    db.company.findFirst({ where: { is_default: true }, select: { id: true, fiscal_registration_number: true } }),
    db.solution.findMany({ where: { name: { in: CHANNELS.map((channel) => channel.name) } }, select: { id: true, name: true } }),
    db.status.findMany({ where: { type: "ORDER", phase: { not: null } }, orderBy: { order: "asc" }, select: { id: true, phase: true } }),
  ]);
  const statusOf = (phase: Phase) => statuses.find((status) => status.phase === phase)?.id;
  const issuer = company?.fiscal_registration_number ?? null;
  if (partners.length === 0 || products.length === 0 || methods.length === 0) return { sales: [], statusOf, issuer };
  const channelIds = CHANNELS.flatMap((channel) => channels.find((row) => row.name === channel.name)?.id ?? []);
  const next = random(20_260_101);
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)] as T;
  // A product without a price sells at a demo price of its own, the same in every sale.
  const priceOf = new Map(
    products.map((product) => [product.id, product.price ? money(product.price) : money(Math.floor(2_000 + next() * 48_000) / 100)]),
  );
  const sales = Array.from({ length: DEMO_SALES }, (_, index): DemoSale => {
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
    // As many installments as the method offers, none below its minimum.
    const offered = Array.isArray(method.installments) ? Math.max(1, method.installments.length) : 1;
    const minimum = method.minimum_installment_value ? money(method.minimum_installment_value) : null;
    const most = minimum?.greaterThan(0) ? Math.max(1, Math.min(offered, full.div(minimum).floor().toNumber())) : offered;
    const body = saleWrite.parse({
      external_id: `DEMO-${String(index + 1).padStart(4, "0")}`,
      partner_id: pick(partners).id,
      seller_id: sellers.length > 0 ? pick(sellers).id : null,
      company_id: company?.id ?? null,
      created_at: createdAt.toISOString(),
      updated_by: "demo",
      full_value: full.toNumber(),
      total_value: full.toNumber(),
      quotation: next() < 0.08,
      origin: channelIds.length > 0 ? { solution_id: pick(channelIds), attributes: {} } : undefined,
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
    return { body, phase: phaseByAge(now.getTime() - createdAt.getTime(), next()) };
  });
  return { sales, statusOf, issuer };
}

/**
 * Writes the plan's sales `from` up to `to` through the sales service itself (`writeSales`:
 * every check, the order with its stock and the receivables, as a real sale; no events, as
 * no webhook exists yet), in the caller's transaction. Each order then moves on as time did
 * (delivered when old, shipped, invoiced or confirmed when recent, a few canceled), so the
 * stock's ledger explains its figures.
 */
export async function writeDemoSales(db: Db, plan: DemoSalesPlan, from: number, to: number): Promise<void> {
  const batch = plan.sales.slice(from, to);
  const written = await writeSales(
    db,
    batch.map((sale) => sale.body),
  );
  for (const [offset, sale] of written.entries()) {
    const demo = batch[offset];
    if (!sale.orderId || !demo || demo.phase === "OPEN") continue;
    const statusId = plan.statusOf(demo.phase);
    if (!statusId) continue;
    const orderId = sale.orderId;
    // An order the policy held (contract §11), when written or on its move, went on because the credit desk approved it.
    const approve = () =>
      writeOrder(
        db,
        ALL_ORDERS,
        { kind: "approval", id: orderId, decision: "APPROVE", note: "Liberado pelo crédito" },
        { announce: false },
      );
    if (demo.phase !== "CANCELED" && (await db.orderHold.count({ where: { order_id: orderId } })) > 0) await approve();
    const yymm = demo.body.created_at.toISOString().slice(2, 7).replace("-", "");
    const invoices =
      demo.phase === "CONFIRMED" || demo.phase === "CANCELED" || !plan.issuer
        ? []
        : [{ invoice_key: nfeKeyOf(plan.issuer, yymm, from + offset + 1) }];
    const move = () => writeOrder(db, ALL_ORDERS, { kind: "status", id: orderId, status: statusId, invoices }, { announce: false });
    try {
      await move();
    } catch (error) {
      // Held on the move (its holds are recorded, nothing else was written): approved, then moved.
      if (!(error instanceof AppError && error.code === "order_on_hold" && error.keepsWrites)) throw error;
      await approve();
      await move();
    }
  }
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
