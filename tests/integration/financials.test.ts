/**
 * Financial records over REST (interface "Financial record", "Financials"; contract §2
 * bearer only, §7 financial records): status ids, boleto and PIX codes, filters, overdue,
 * the paid event, files in use.
 */
import QRCode from "qrcode";
import { beforeAll, describe, expect, it } from "vitest";
import { newOrg, testServer, type TestOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { CNPJS } from "../helpers/sales";
import { orderBody, orderFixtures } from "../helpers/orders";

const BAR_CODE = "10499898100000214032006561000100040099726390";
const LINE = "10492.00650 61000.100042 00997.263900 9 89810000021403";
const BR_CODE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";
const PDF = Buffer.from("%PDF-1.4\n%boleto\n");

// The server starts (and the database migrates) once per worker, before the clock of the first test.
beforeAll(() => testServer());

async function upload(org: TestOrg, name: string): Promise<string> {
  const form = new FormData();
  form.append("files", new Blob([new Uint8Array(PDF)], { type: "application/pdf" }), name);
  const response = await fetch(`${await testServer()}/api/b2b/resource-files`, { method: "POST", headers: await org.bearer(), body: form });
  expect(response.status).toBe(200);
  return (await response.json()).resourceFiles[0].id;
}

async function setup(org: TestOrg) {
  const headers = await org.bearer();
  const partner = (
    await call("POST", "/api/b2b/partners", { headers, body: { name: "Mercado São José", fiscal_registration_number: CNPJS[0] } })
  ).json;
  const statuses = await org.db.status.findMany({ where: { type: "FINANCIAL" } });
  const status = (title: string) => statuses.find((candidate) => candidate.title === title)?.id ?? "";
  return { headers, partner, open: status("open"), paid: status("paid") };
}

const body = (partnerId: string, status: string, overrides: Record<string, unknown> = {}) => ({
  partner_id: partnerId,
  value: 250.5,
  paying_off_value: 0,
  paying_off_date: null,
  reversed_value: 0,
  reversed_date: null,
  due_date: "2026-04-10T00:00:00Z",
  status,
  type: "BOLETO",
  attributes: { nosso_numero: "123" },
  ...overrides,
});

describe("/financials", () => {
  it("POST 201 with a boleto (linha digitável stored as digits) and PIX, GET, PUT 200, DELETE 204", async () => {
    const org = await newOrg();
    const { headers, partner, open } = await setup(org);
    const billetFile = await upload(org, "boleto.pdf");
    const receipt = await upload(org, "comprovante.pdf");
    const created = await call("POST", "/api/b2b/financials", {
      headers,
      body: body(partner.id, open, {
        payment_billet: { bar_code: LINE, qr_code: BR_CODE, resource_file_id: billetFile },
        pix: { qr_code: BR_CODE },
        attachments: [receipt],
      }),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      partner_id: partner.id,
      partner_name: "Mercado São José",
      value: 250.5,
      paying_off_value: 0,
      paying_off_date: null,
      due_date: "2026-04-10T00:00:00.000Z",
      status: open,
      type: "BOLETO",
      order_id: null,
      has_payment_gateway: false,
      card: null,
      pix: { qr_code: BR_CODE, resource_file_id: null },
      payment_billet: {
        bar_code: "10492006506100010004200997263900989810000021403",
        qr_code: BR_CODE,
        resource_file_id: billetFile,
        created_by: expect.stringMatching(/^user:/),
      },
      attributes: { nosso_numero: "123" },
    });
    expect(created.json.attachments).toEqual([
      {
        id: billetFile,
        is_payment_billet: true,
        payment_billet_bar_code: "10492006506100010004200997263900989810000021403",
        payment_billet_qr_code: BR_CODE,
        resource_files: [{ id: billetFile, fileName: "boleto.pdf" }],
      },
      {
        id: expect.any(String),
        is_payment_billet: false,
        payment_billet_bar_code: null,
        payment_billet_qr_code: null,
        resource_files: [{ id: receipt, fileName: "comprovante.pdf" }],
      },
    ]);
    const id = created.json.id;
    expect((await call("GET", `/api/b2b/financials/${id}`, { headers })).json).toEqual(created.json);
    const updated = await call("PUT", `/api/b2b/financials/${id}`, {
      headers,
      body: body(partner.id, open, {
        payment_billet: { bar_code: BAR_CODE },
        paying_off_value: 100,
        paying_off_date: "2026-04-01T10:00:00Z",
      }),
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json).toMatchObject({
      paying_off_value: 100,
      paying_off_date: "2026-04-01T10:00:00.000Z",
      pix: null,
      attachments: [],
      payment_billet: { bar_code: BAR_CODE, resource_file_id: null },
    });
    const removed = await call("DELETE", `/api/b2b/financials/${id}`, { headers });
    expect(removed.status).toBe(204);
    expectProblem(await call("GET", `/api/b2b/financials/${id}`, { headers }), 404);
    expectProblem(await call("DELETE", `/api/b2b/financials/${id}`, { headers }), 404);
  });

  it("422: a status that is not FINANCIAL, bad boleto check digits, a BR Code whose CRC fails, unknown references", async () => {
    const org = await newOrg();
    const { headers, partner, open } = await setup(org);
    const saleStatus = await org.db.status.findFirstOrThrow({ where: { type: "SALE" } });
    const post = async (overrides: Record<string, unknown>) =>
      (expectProblem(await call("POST", "/api/b2b/financials", { headers, body: body(partner.id, open, overrides) }), 422).errors ?? [])
        .map((error) => error.path)
        .sort();
    expect(await post({ status: saleStatus.id })).toEqual(["status"]);
    expect(await post({ status: "open" })).toEqual(["status"]);
    expect(await post({ payment_billet: { bar_code: BAR_CODE.replace(/0$/, "1") } })).toEqual(["payment_billet.bar_code"]);
    expect(await post({ payment_billet: { bar_code: "123" } })).toEqual(["payment_billet.bar_code"]);
    expect(await post({ payment_billet: { qr_code: BR_CODE.replace(/1D3D$/, "0000") } })).toEqual(["payment_billet.qr_code"]);
    expect(await post({ pix: { qr_code: BR_CODE.replace("BRASILIA", "BRASILIO") } })).toEqual(["pix.qr_code"]);
    const stranger = await newOrg();
    const foreignFile = await upload(stranger, "alheio.pdf");
    expect(
      await post({
        partner_id: "00000000-0000-4000-8000-000000000000",
        order_id: "00000000-0000-4000-8000-000000000000",
        attachments: [foreignFile],
      }),
    ).toEqual(["attachments.0", "order_id", "partner_id"]);
    expect(await post({ value: -1, due_date: "soon", paying_off_value: 1.001 })).toEqual(["due_date", "paying_off_value", "value"]);
    expect(await org.db.financial.count()).toBe(0);
  });

  it("bearer only: an access key gets 401; a VIEWER reads but cannot write (403)", async () => {
    const org = await newOrg();
    const { headers, partner, open } = await setup(org);
    const key = (await call("POST", "/api/b2b/access-keys", { headers, body: { name: "ERP", role: "ADMIN" } })).json;
    const keyHeaders = { "x-service-access-key-token": key.token, "x-service-access-key-code": key.code };
    expectProblem(await call("GET", "/api/b2b/financials", { headers: keyHeaders }), 401);
    expectProblem(await call("POST", "/api/b2b/financials", { headers: keyHeaders, body: body(partner.id, open) }), 401);
    expect((await call("GET", "/api/b2b/partners", { headers: keyHeaders })).status).toBe(200);
    const viewer = await org.bearer("VIEWER");
    expect((await call("GET", "/api/b2b/financials", { headers: viewer })).status).toBe(200);
    expectProblem(await call("POST", "/api/b2b/financials", { headers: viewer, body: body(partner.id, open) }), 403);
  });

  it("reads a calendar date as that day in Brazil: a payment on 26/11 is 26/11 there, and a day's filters cover its hours there", async () => {
    const org = await newOrg();
    const { headers, partner, open, paid } = await setup(org);
    const created = await call("POST", "/api/b2b/financials", {
      headers,
      // 22:30 on 26/11 in São Paulo is already 27/11 in UTC.
      body: body(partner.id, open, { due_date: "2026-11-27T01:30:00Z" }),
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id;
    const paying = await call("PUT", `/api/b2b/financials/${id}`, {
      headers,
      body: body(partner.id, paid, { due_date: "2026-11-27T01:30:00Z", paying_off_value: 250.5, paying_off_date: "2026-11-26" }),
    });
    expect(paying.status, paying.text).toBe(200);
    const stored = (await call("GET", `/api/b2b/financials/${id}`, { headers })).json;
    expect(stored.paying_off_date).toBe("2026-11-26T03:00:00.000Z");
    const ids = async (query: string) =>
      (await call("GET", `/api/b2b/financials?${query}`, { headers })).json.items.map((item: { id: string }) => item.id);
    expect(await ids("due_start_date=2026-11-26&due_end_date=2026-11-26")).toEqual([id]);
    expect(await ids("due_start_date=2026-11-27")).toEqual([]);
    expect(await ids("due_end_date=2026-11-25")).toEqual([]);
    // Orders by their negotiation day, the same way.
    const f = await orderFixtures(org);
    const order = await f.post("/orders", orderBody(f, { negotiation_date: "2026-11-27T01:30:00.000Z" }));
    const orders = async (query: string) =>
      (await call("GET", `/api/b2b/orders?${query}`, { headers })).json.items.map((item: { id: string }) => item.id);
    expect(await orders("start_date=2026-11-26&end_date=2026-11-26")).toEqual([order.id]);
    expect(await orders("start_date=2026-11-27")).toEqual([]);
  });

  it("filters: status, partner_id, order_id, overdue, due_start_date and due_end_date (inclusive)", async () => {
    const org = await newOrg();
    const { headers, partner, open, paid } = await setup(org);
    const other = (
      await call("POST", "/api/b2b/partners", { headers, body: { name: "Padaria Pão", fiscal_registration_number: CNPJS[1] } })
    ).json;
    const create = async (overrides: Record<string, unknown>) =>
      (await call("POST", "/api/b2b/financials", { headers, body: body(partner.id, open, overrides) })).json.id;
    const overdue = await create({ due_date: "2020-01-10T00:00:00Z", paying_off_value: 50 });
    const paidLate = await create({ due_date: "2020-02-10T00:00:00Z", paying_off_value: 250.5, status: paid });
    const future = await create({ due_date: "2099-01-10T00:00:00Z" });
    const others = await create({ partner_id: other.id, due_date: "2099-01-31T23:00:00Z" });
    const ids = async (query: string) =>
      (await call("GET", `/api/b2b/financials${query}`, { headers })).json.items.map((item: { id: string }) => item.id);
    expect(await ids("")).toEqual([overdue, paidLate, future, others]);
    expect(await ids("?overdue=true")).toEqual([overdue]);
    expect(await ids("?overdue=false")).toEqual([paidLate, future, others]);
    expect(await ids(`?status=${paid}`)).toEqual([paidLate]);
    expect(await ids(`?partner_id=${other.id}`)).toEqual([others]);
    expect(await ids("?due_start_date=2099-01-01&due_end_date=2099-01-31")).toEqual([future, others]);
    expect(await ids("?due_end_date=2020-01-31")).toEqual([overdue]);
    expect(await ids("?order_id=00000000-0000-4000-8000-000000000000")).toEqual([]);
    expect(await ids("?partner_id=junk")).toEqual([]);
    // The panel's totals of a filtered list: how many, their value, paid and still open.
    const api = await org.as();
    expect(await api.financials.totals({ overdue: true })).toEqual({ count: 1, value: 250.5, paid: 50, open: 200.5 });
    expect(await api.financials.totals({ partner_id: partner.id })).toEqual({ count: 3, value: 751.5, paid: 300.5, open: 451 });
    expect(await api.financials.totals({ search: "padaria" })).toMatchObject({ count: 1 });
    const page = (await call("GET", "/api/b2b/financials?overdue=true", { headers })).json;
    expect(page.items[0]).toEqual({
      id: overdue,
      partner_id: partner.id,
      partner_name: "Mercado São José",
      value: 250.5,
      paying_off_value: 50,
      paying_off_date: null,
      due_date: "2020-01-10T00:00:00.000Z",
      status: open,
      order_id: null,
      order_number: null,
      sale_id: null,
      installment: null,
      type: "BOLETO",
      overdue: true,
      attributes: { nosso_numero: "123" },
    });
    expect(await ids("?sort=value&dir=desc&search=padaria")).toEqual([others]);
    expectProblem(await call("GET", "/api/b2b/financials?overdue=maybe", { headers }), 422);
    expectProblem(await call("GET", "/api/b2b/financials?due_start_date=tomorrow", { headers }), 422);
  });

  it("financial.paid is emitted once, when paying_off_value reaches value", async () => {
    const org = await newOrg();
    const { headers, partner, open, paid } = await setup(org);
    await org.db.webhook.create({
      data: {
        organization_id: org.organizationId,
        url: "https://hooks.example/f",
        events: ["financial.created", "financial.paid"],
        secret_encrypted: "unused",
      },
    });
    const id = (await call("POST", "/api/b2b/financials", { headers, body: body(partner.id, open) })).json.id;
    const events = async () =>
      (await org.db.webhookDelivery.findMany({ orderBy: { created_at: "asc" } })).map((delivery) => delivery.event_type);
    expect(await events()).toEqual(["financial.created"]);
    await call("PUT", `/api/b2b/financials/${id}`, { headers, body: body(partner.id, open, { paying_off_value: 200 }) });
    expect(await events()).toEqual(["financial.created"]);
    await call("PUT", `/api/b2b/financials/${id}`, {
      headers,
      body: body(partner.id, paid, { paying_off_value: 250.5, paying_off_date: "2026-04-09T00:00:00Z" }),
    });
    await call("PUT", `/api/b2b/financials/${id}`, {
      headers,
      body: body(partner.id, paid, { paying_off_value: 250.5, paying_off_date: "2026-04-09T00:00:00Z", attributes: {} }),
    });
    expect(await events()).toEqual(["financial.created", "financial.paid"]);
    const delivery = await org.db.webhookDelivery.findFirstOrThrow({ where: { event_type: "financial.paid" } });
    expect(delivery.payload).toMatchObject({
      type: "financial.paid",
      organization_id: org.organizationId,
      data: { id, paying_off_value: 250.5, value: 250.5 },
    });
  });

  it("a file a financial record uses cannot be deleted (409) until the record lets it go; foreign records are 404", async () => {
    const org = await newOrg();
    const { headers, partner, open } = await setup(org);
    const billet = await upload(org, "boleto.pdf");
    const attachment = await upload(org, "nota.pdf");
    const id = (
      await call("POST", "/api/b2b/financials", {
        headers,
        body: body(partner.id, open, { payment_billet: { resource_file_id: billet }, attachments: [attachment] }),
      })
    ).json.id;
    expectProblem(await call("DELETE", `/api/b2b/resource-files/${billet}`, { headers }), 409);
    expectProblem(await call("DELETE", `/api/b2b/resource-files/${attachment}`, { headers }), 409);
    await call("PUT", `/api/b2b/financials/${id}`, { headers, body: body(partner.id, open) });
    expect((await call("DELETE", `/api/b2b/resource-files/${billet}`, { headers })).status).toBe(204);
    expect((await call("DELETE", `/api/b2b/resource-files/${attachment}`, { headers })).status).toBe(204);
    const stranger = await (await newOrg()).bearer();
    expectProblem(await call("GET", `/api/b2b/financials/${id}`, { headers: stranger }), 404);
    expectProblem(await call("PUT", `/api/b2b/financials/${id}`, { headers: stranger, body: body(partner.id, open) }), 404);
    expectProblem(await call("DELETE", `/api/b2b/financials/${id}`, { headers: stranger }), 404);
    expect((await call("GET", "/api/b2b/financials", { headers: stranger })).json.total).toBe(0);
  });
});

/** The SVG inside a data URL the panel shows as an image. */
const svgOf = (dataUrl: string) => {
  expect(dataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
  return Buffer.from(dataUrl.split(",")[1] ?? "", "base64").toString("utf8");
};

/**
 * The digits an Interleaved 2 of 5 SVG (bwip-js: one vertical stroke per bar) encodes:
 * bars and the spaces between them as narrow or wide, a start of four narrow elements,
 * then pairs of digits, the first in five bars and the second in the five spaces between.
 */
function decodeInterleaved2of5(svg: string): string {
  const bars = [...svg.matchAll(/stroke-width="([\d.]+)" d="([^"]+)"/g)]
    .flatMap(([, width, path]) =>
      [...path!.matchAll(/M([\d.]+) /g)].map(([, x]) => ({ left: Number(x) - Number(width) / 2, width: Number(width) })),
    )
    .sort((a, b) => a.left - b.left);
  const elements = bars.flatMap((bar, index) => {
    const next = bars[index + 1];
    return next ? [bar.width, next.left - bar.left - bar.width] : [bar.width];
  });
  const narrow = Math.min(...elements);
  const wide = elements.map((width) => (width > narrow * 1.5 ? "2" : "1"));
  const patterns = ["11221", "21112", "12112", "22111", "11212", "21211", "12211", "11122", "21121", "12121"];
  expect(wide.slice(0, 4).join("")).toBe("1111");
  let digits = "";
  for (let start = 4; start + 10 <= wide.length - 3; start += 10) {
    const pair = wide.slice(start, start + 10);
    digits += String(patterns.indexOf(pair.filter((_, index) => index % 2 === 0).join("")));
    digits += String(patterns.indexOf(pair.filter((_, index) => index % 2 === 1).join("")));
  }
  expect(wide.slice(-3).join("")).toBe("211");
  return digits;
}

describe("the panel's payment codes of a receivable", () => {
  it("draws the boleto's bar code in Interleaved 2 of 5 with its linha digitável, and the BR Codes as QR codes", async () => {
    const org = await newOrg();
    const { headers, partner, open } = await setup(org);
    const created = await call("POST", "/api/b2b/financials", {
      headers,
      body: body(partner.id, open, { payment_billet: { bar_code: LINE, qr_code: BR_CODE }, pix: { qr_code: BR_CODE } }),
    });
    expect(created.status, created.text).toBe(201);
    const api = await org.as("VIEWER");
    const codes = await api.financials.paymentCodes({ id: created.json.id });
    expect(codes.boleto).toMatchObject({ bar_code: BAR_CODE, digitable_line: LINE.replace(/\D/g, ""), digitable_line_formatted: LINE });
    expect(decodeInterleaved2of5(svgOf(codes.boleto!.image))).toBe(BAR_CODE);
    // The QR code of a BR Code: as many modules as the symbol, plus a quiet zone of 4 on each side.
    const modules = QRCode.create(BR_CODE, { errorCorrectionLevel: "M" }).modules.size;
    for (const qr of [codes.pix_qr_code, codes.boleto_qr_code]) {
      expect(qr?.code).toBe(BR_CODE);
      expect(svgOf(qr!.image)).toContain(`viewBox="0 0 ${modules + 8} ${modules + 8}"`);
    }

    // A boleto stored as its bar code; no PIX: no QR codes.
    const plain = await call("POST", "/api/b2b/financials", {
      headers,
      body: body(partner.id, open, { payment_billet: { bar_code: BAR_CODE } }),
    });
    expect(await api.financials.paymentCodes({ id: plain.json.id })).toMatchObject({
      boleto: { bar_code: BAR_CODE, digitable_line_formatted: LINE },
      boleto_qr_code: null,
      pix_qr_code: null,
    });
    const none = await call("POST", "/api/b2b/financials", { headers, body: body(partner.id, open, { type: "CASH" }) });
    expect(await api.financials.paymentCodes({ id: none.json.id })).toEqual({ boleto: null, boleto_qr_code: null, pix_qr_code: null });
    // Another org's record is not found.
    await expect((await (await newOrg()).as()).financials.paymentCodes({ id: created.json.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
