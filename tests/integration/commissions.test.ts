/**
 * Sellers' commissions (contract §11): the seller's rate accrues on an order when it is
 * invoiced (rate × (order_value − discount_value), kept), and is payable as the order's
 * receivables are paid.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, dayOf } from "@/server/lib/calendar";
import { newOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { nfeKey, orderBody, orderFixtures } from "../helpers/orders";

const API = "/api/b2b";

beforeAll(() => newOrg().then(() => undefined), 180_000);

describe("commissions (contract §11)", { timeout: 120_000 }, () => {
  it("accrue on invoicing, become payable with the receivables' payments, are summed per seller and scoped to a SELLER", async () => {
    const org = await newOrg();
    const f = await orderFixtures(org);
    const seller = (await call("GET", `${API}/sellers/${f.seller.id}`, { headers: f.headers })).json;
    const rate = (value: number) =>
      call("PUT", `${API}/sellers/${f.seller.id}`, { headers: f.headers, body: { ...seller, commission_rate: value } });
    expect((await rate(3)).status).toBe(200);
    const payments = [{ payment_method_id: f.method.id, amount: 1280, installments: 3 }];
    const invoice = async (overrides: Record<string, unknown> = {}) => {
      const created = await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f, { payments, ...overrides }) });
      expect(created.status, created.text).toBe(201);
      const invoiced = await call("PUT", `${API}/orders/${created.json.id}`, {
        headers: f.headers,
        body: orderBody(f, { payments, ...overrides, status: f.status("ORDER", "invoiced"), invoices: [{ invoice_key: nfeKey() }] }),
      });
      expect(invoiced.status, invoiced.text).toBe(200);
      return created.json.id as string;
    };
    const list = async (query = "", headers = f.headers) => {
      const answer = await call("GET", `${API}/commissions${query}`, { headers });
      expect(answer.status, answer.text).toBe(200);
      return answer.json;
    };

    // An open order accrues nothing; invoiced, 3 % of 1,260.00 − 10.00.
    await call("POST", `${API}/orders`, { headers: f.headers, body: orderBody(f, { payments }) });
    const id = await invoice();
    const order = (await call("GET", `${API}/orders/${id}`, { headers: f.headers })).json;
    const first = await list();
    expect(first.items).toEqual([
      {
        id,
        number: order.number,
        seller_id: f.seller.id,
        seller_name: f.seller.name,
        partner_name: f.partner.name,
        invoiced_at: expect.any(String),
        base: 1250,
        rate: 3,
        accrued: 37.5,
        paid_share: 0,
        payable: 0,
      },
    ]);
    // A later rate does not change what was earned.
    expect((await rate(10)).status).toBe(200);
    expect((await list()).items[0]).toMatchObject({ rate: 3, accrued: 37.5 });

    // Receivables of 426.66, 426.66 and 426.68 (the last takes the rounding): the first paid, 100 of the second.
    const receivables = await org.db.financial.findMany({ where: { order_id: id }, orderBy: { installment: "asc" } });
    expect(receivables.map((row) => Number(row.value))).toEqual([426.66, 426.66, 426.68]);
    await org.db.financial.update({ where: { id: receivables[0]!.id }, data: { paying_off_value: receivables[0]!.value } });
    expect((await list()).items[0]).toMatchObject({ paid_share: 0.3333, payable: 12.5 }); // 37.50 × 0.3333 = 12.49875
    await org.db.financial.update({ where: { id: receivables[1]!.id }, data: { paying_off_value: 100 } });
    expect((await list()).items[0]).toMatchObject({ paid_share: 0.4115, payable: 15.43 }); // 526.66 / 1,280.00 = 0.41145…

    // A second invoiced order at 10 %; one without a seller earns nobody anything.
    const second = await invoice();
    await invoice({ seller_id: null });
    const both = await list();
    expect(both.items.map((item: { id: string }) => item.id)).toEqual([second, id]);
    expect(both.items[0]).toMatchObject({ rate: 10, accrued: 125, payable: 0 });
    expect(both.summary).toEqual([
      { seller_id: f.seller.id, seller_name: f.seller.name, orders: 2, base: 2500, accrued: 162.5, payable: 15.43 },
    ]);
    expect((await list("?perPage=1&page=1")).items.map((item: { id: string }) => item.id)).toEqual([id]);
    expect((await list("?perPage=1")).summary[0].orders).toBe(2);

    // By the São Paulo day it was invoiced, and by seller.
    const today = dayOf(new Date());
    expect((await list(`?start_date=${today}&end_date=${today}`)).total).toBe(2);
    expect((await list(`?start_date=${addDays(today, 1)}`)).total).toBe(0);
    expect((await list(`?seller_id=${f.seller.id}`)).total).toBe(2);
    expectProblem(await call("GET", `${API}/commissions?start_date=amanha`, { headers: f.headers }), 422);
    expectProblem(await call("GET", `${API}/commissions?sort=partner`, { headers: f.headers }), 422);

    // A SELLER sees its own seller's only; another org none.
    const sellerHeaders = await org.bearer("SELLER");
    expect((await list("", sellerHeaders)).total).toBe(0);
    const user = (await org.db.user.findFirst({ where: { role: "SELLER" } }))!;
    await org.db.user.update({ where: { id: user.id }, data: { seller_id: f.seller.id } });
    expect((await list("", sellerHeaders)).total).toBe(2);
    const other = await f.post("/sellers", { name: "Outro", email: "outro@example.com" });
    expect((await list(`?seller_id=${other.id}`, sellerHeaders)).total).toBe(0);
    const stranger = await newOrg();
    expect((await list("", await stranger.bearer())).total).toBe(0);

    // The CSV of the same list.
    const csv = await call("GET", `${API}/exports/commissions?locale=en&columns=number,accrued,payable`, { headers: f.headers });
    expect(csv.status, csv.text).toBe(200);
    expect(
      csv.text
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/),
    ).toEqual(["number,accrued,payable", `${order.number + 1},125,0`, `${order.number},37.5,15.43`]);
  });
});
