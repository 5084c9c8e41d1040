import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Prisma } from "@/server/generated/prisma/client";
import { describe, expect, it } from "vitest";
import { startApp } from "@/server/app";
import { migrate } from "@/server/db/migrator";
import { openPGlite } from "@/server/db/connection";
import { forOrganization } from "@/server/db/scoped";
import { transaction } from "@/server/db/transaction";
import { brands } from "@/server/catalog/brands/service";
import { productWrite } from "@/server/catalog/products/schemas";
import { createProduct } from "@/server/catalog/products/service";
import { seedDemoData, type DemoProgress } from "@/server/organizations/demo-data";
import { createOrganization } from "@/server/organizations/service";
import { partnerCredit } from "@/server/parties/partners/credit";
import { DEMO_SALES } from "@/server/sales/demo-data";
import { newOrg, unique } from "../helpers/database";
import { call } from "../helpers/http";

describe("demo data", () => {
  it("is written in steps that each commit whole: a failed step keeps nothing and says why, a stopped run goes on where it stopped", async () => {
    // An org without a demo that holds no records gets one (npm run db:seed).
    const { database, organizationId, db } = await newOrg();
    const state = () =>
      database.prisma.organization.findUniqueOrThrow({
        where: { id: organizationId },
        select: { demo_status: true, demo_step: true, demo_error: true },
      });
    // A product with a SKU of the demo's makes its first step fail: nothing of that step is kept.
    const taken = await transaction(db, (tx) => createProduct(tx, productWrite.parse({ name: "Taken", sku: "PAR-SEX-14-2" })));
    await expect(seedDemoData(database.prisma, organizationId)).rejects.toThrow();
    expect(await state()).toMatchObject({ demo_status: "FAILED", demo_step: 0, demo_error: expect.any(String) });
    expect(await db.brand.count()).toBe(0);
    expect(await db.product.count()).toBe(1);
    await db.product.delete({ where: { id: taken.id } });

    // Stopped (a shutdown) in the middle of the sales: what is written is whole batches, nothing more.
    const seen: DemoProgress[] = [];
    let checks = 0;
    const stopping = () => ++checks > 12;
    expect(await seedDemoData(database.prisma, organizationId, { onProgress: (progress) => seen.push(progress), stopping })).toBe(false);
    expect(await state()).toMatchObject({ demo_status: "RUNNING", demo_step: 12, demo_error: null });
    const written = await db.sale.count();
    expect(written).toBe(35);
    expect(seen.at(-1)).toMatchObject({ status: "RUNNING", stage: "sales", done: written, total: DEMO_SALES, step: 12 });

    // Two runs at once (two instances starting on one database): each step is written once.
    const runs = await Promise.all([seedDemoData(database.prisma, organizationId), seedDemoData(database.prisma, organizationId)]);
    expect(runs.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(await state()).toMatchObject({ demo_status: "DONE", demo_error: null });
    expect(await seedDemoData(database.prisma, organizationId)).toBe(false);
    await expectCompleteDemo(db);
  }, 300_000);

  it("an org with records of its own gets no demo", async () => {
    const org = await newOrg();
    await transaction(org.db, (tx) => brands.service.create(tx, { name: "Own brand", active: true, images: [], attributes: {} }));
    expect(await seedDemoData(org.database.prisma, org.organizationId)).toBe(false);
    expect(await org.db.product.count()).toBe(0);
    expect((await org.database.prisma.organization.findUniqueOrThrow({ where: { id: org.organizationId } })).demo_status).toBeNull();
  });

  it("a first start answers sign-ins and the banner's status while the demo is written behind; a restart finishes it", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "b2b-first-start-"));
    // An empty data folder migrated by the process that opened it, as a first `npm start` does: the embedded engine
    // then knows none of the schema's own types (an enum's array must still be written).
    const first = await openPGlite(dir);
    await first.withSession((session) => migrate(session));
    const { organization, admin } = await createOrganization(first.prisma, {
      name: unique("First start"),
      admin: { email: "first-start@test.example", password: "password123" },
      demo: true,
    });
    const exits: number[] = [];
    const options = { panel: false, port: 0, host: "127.0.0.1", exit: (code: number) => exits.push(code) };
    const app = await startApp({ ...options, database: first });
    const base = `http://127.0.0.1:${app.port}`;
    const login = await call("POST", "/api/b2b/auth/login", { base, body: { email: admin.email, password: "password123" } });
    expect(login.status).toBe(200);
    const headers = { authorization: `Bearer ${(login.json as { access_token: string }).access_token}` };
    const status = async () => {
      const answer = await call("GET", "/api/trpc/organization.demo", { base, headers });
      return (answer.json as { result: { data: DemoProgress | null } }).result.data;
    };
    // The demo goes on behind: the status says how far, and a list answers what exists.
    let progress = await status();
    while (progress?.status === "RUNNING" && progress.stage !== "sales") progress = await status();
    expect(progress).toMatchObject({ status: "RUNNING", stage: "sales", total: DEMO_SALES });
    const brands = await call("GET", "/api/b2b/brands?perPage=100", { base, headers });
    expect(brands.status).toBe(200);
    expect((brands.json as { total: number }).total).toBe(12);

    // A restart in the middle: the step being written is finished first, and the next start goes on from there.
    await app.shutdown(0);
    const second = await openPGlite(dir);
    const stopped = await second.prisma.organization.findUniqueOrThrow({ where: { id: organization.id } });
    expect(stopped.demo_status).toBe("RUNNING");
    expect(stopped.demo_step).toBeGreaterThan(5);
    const db = forOrganization(second.prisma, organization.id);
    expect((await db.sale.count()) % 5).toBe(0);
    const again = await startApp({ ...options, database: second });
    let done = await second.prisma.organization.findUniqueOrThrow({ where: { id: organization.id } });
    while (done.demo_status === "RUNNING") {
      await new Promise((resolve) => setTimeout(resolve, 250));
      done = await second.prisma.organization.findUniqueOrThrow({ where: { id: organization.id } });
    }
    expect(done.demo_status).toBe("DONE");
    await expectCompleteDemo(db);
    await again.shutdown(0);
    expect(exits).toEqual([0, 0]);
  }, 300_000);
});

/** The demo as a first start leaves it: ~6 months of sales made by the sales service, with orders, receivables and credit. */
async function expectCompleteDemo(db: ReturnType<typeof forOrganization>) {
  const sales = await db.sale.findMany({
    select: { created_at: true, quotation: true, total_value: true, _count: { select: { financials: true } } },
  });
  expect(sales).toHaveLength(DEMO_SALES);
  const quotations = sales.filter((sale) => sale.quotation).length;
  expect(await db.order.count({ where: { origin: "SALE" } })).toBe(DEMO_SALES - quotations);
  expect(sales.filter((sale) => !sale.quotation).every((sale) => sale._count.financials >= 1)).toBe(true);
  const oldest = Math.min(...sales.map((sale) => sale.created_at.getTime()));
  expect(Date.now() - oldest).toBeGreaterThan(150 * 86_400_000);
  const months = new Set(sales.map((sale) => sale.created_at.toISOString().slice(0, 7)));
  expect(months.size).toBeGreaterThanOrEqual(6);
  expect(await db.brand.count()).toBe(12);
  expect(await db.solution.count()).toBe(3);
  // Each stock record's ledger ends at its figures, and what is reserved is what the open orders hold.
  const [stock, movements, items] = await Promise.all([
    db.stockInventory.findMany({ select: { id: true, total: true, reserved: true } }),
    db.stockMovement.findMany({ orderBy: { seq: "asc" }, select: { stock_id: true, total_after: true, reserved_after: true } }),
    db.orderItem.findMany({ select: { reserved_quantity: true } }),
  ]);
  const last = new Map(movements.map((movement) => [movement.stock_id, movement]));
  for (const record of stock) {
    expect(last.get(record.id)?.total_after.toString()).toBe(record.total.toString());
    expect(last.get(record.id)?.reserved_after.toString()).toBe(record.reserved.toString());
  }
  const reserved = (values: Array<{ toString(): string }>) => values.reduce((sum: number, value) => sum + Number(value.toString()), 0);
  expect(reserved(stock.map((record) => record.reserved))).toBeCloseTo(reserved(items.map((item) => item.reserved_quantity)), 6);
  // The first customers have the credit desk's limits (the fourth blocked); their credit adds up what they owe.
  const limited = await db.partner.findMany({ where: { credit_limit: { not: null } }, orderBy: { credit_limit: "desc" } });
  expect(limited.map((partner) => [partner.credit_limit?.toNumber(), partner.credit_blocked])).toEqual([
    [150_000, false],
    [60_000, false],
    [25_000, false],
    [10_000, true],
  ]);
  const credits = await Promise.all(limited.map((partner) => partnerCredit(db, partner.id)));
  expect(credits.some((credit) => credit.exposure > 0)).toBe(true);
  for (const credit of credits) expect(credit.available).toBeCloseTo(credit.credit_limit! - credit.exposure, 2);
  // Contract §12, written last: the history stays without taxes, the open orders after it show ICMS-ST and DIFAL.
  const taxed = await db.order.findMany({ where: { NOT: { tax_totals: { equals: Prisma.DbNull } } }, select: { tax_totals: true } });
  expect(taxed.length).toBeGreaterThanOrEqual(2);
  const totals = taxed.map((order) => order.tax_totals as { vST: number; vICMSUFDest: number });
  expect(totals.some((figures) => figures.vST > 0)).toBe(true);
  expect(totals.some((figures) => figures.vICMSUFDest > 0)).toBe(true);
  expect(await db.taxRule.count()).toBe(2);
  expect(await db.order.count({ where: { tax_totals: { equals: Prisma.DbNull } } })).toBeGreaterThan(DEMO_SALES / 2);
  // Contract §13: both companies hold a test A1; the ICMS-ST order is invoiced with its NF-e, the DIFAL one has a signed one.
  expect(await db.companyCertificate.count()).toBe(2);
  const nfes = await db.nfe.findMany({ orderBy: { number: "asc" }, include: { order: { include: { status: true, invoices: true } } } });
  expect(nfes.map((nfe) => [nfe.number, nfe.status, nfe.environment, nfe.order.status.phase])).toEqual([
    [1, "SIGNED", 2, "INVOICED"],
    [2, "SIGNED", 2, "OPEN"],
  ]);
  for (const nfe of nfes) {
    expect(nfe.order.invoices.map((invoice) => invoice.invoice_key)).toEqual([nfe.key]);
    expect(nfe.value.toNumber()).toBe(nfe.order.invoice_value.toNumber());
  }
}
