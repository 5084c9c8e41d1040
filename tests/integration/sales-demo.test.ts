import { describe, expect, it } from "vitest";
import { seedDemoData } from "@/server/organizations/demo-data";
import { partnerCredit } from "@/server/parties/partners/credit";
import { DEMO_SALES } from "@/server/sales/demo-data";
import { newOrg } from "../helpers/database";

describe("demo sales history", () => {
  it("the demo org gets ~6 months of sales made by the sales service: orders and receivables included", async () => {
    const org = await newOrg();
    const started = Date.now();
    expect(await seedDemoData(org.database.prisma, org.organizationId)).toBe(true);
    console.info(`demo data (with ${DEMO_SALES} sales) in ${Date.now() - started} ms`);
    const sales = await org.db.sale.findMany({
      select: { created_at: true, quotation: true, total_value: true, _count: { select: { financials: true } } },
    });
    expect(sales).toHaveLength(DEMO_SALES);
    const quotations = sales.filter((sale) => sale.quotation).length;
    expect(await org.db.order.count({ where: { origin: "SALE" } })).toBe(DEMO_SALES - quotations);
    expect(sales.filter((sale) => !sale.quotation).every((sale) => sale._count.financials >= 1)).toBe(true);
    const oldest = Math.min(...sales.map((sale) => sale.created_at.getTime()));
    expect(Date.now() - oldest).toBeGreaterThan(150 * 86_400_000);
    const months = new Set(sales.map((sale) => sale.created_at.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(6);
    // The first customers have the credit desk's limits (the fourth blocked); their credit adds up what they owe.
    const limited = await org.db.partner.findMany({ where: { credit_limit: { not: null } }, orderBy: { credit_limit: "desc" } });
    expect(limited.map((partner) => [partner.credit_limit?.toNumber(), partner.credit_blocked])).toEqual([
      [150_000, false],
      [60_000, false],
      [25_000, false],
      [10_000, true],
    ]);
    const credits = await Promise.all(limited.map((partner) => partnerCredit(org.db, partner.id)));
    expect(credits.some((credit) => credit.exposure > 0)).toBe(true);
    for (const credit of credits) expect(credit.available).toBeCloseTo(credit.credit_limit! - credit.exposure, 2);
  }, 300_000);
});
