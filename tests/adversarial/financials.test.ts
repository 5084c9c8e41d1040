/**
 * Financial records under attack: credentials other than a bearer token, forged
 * references across orgs, codes that look right but do not check, and mass assignment.
 */
import { describe, expect, it } from "vitest";
import { newOrg, type TestOrg } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";
import { CNPJS } from "../helpers/sales";

async function partnerOf(org: TestOrg) {
  const headers = await org.bearer();
  const partner = (await call("POST", "/api/b2b/partners", { headers, body: { name: "Cliente", fiscal_registration_number: CNPJS[3] } }))
    .json;
  const open = (await org.db.status.findFirstOrThrow({ where: { type: "FINANCIAL", is_initial: true } })).id;
  return { headers, partner, open };
}

const record = (partnerId: string, status: string, overrides: Record<string, unknown> = {}) => ({
  partner_id: partnerId,
  value: 10,
  paying_off_value: 0,
  paying_off_date: null,
  reversed_value: 0,
  reversed_date: null,
  due_date: "2026-05-01",
  status,
  ...overrides,
});

describe("/financials under attack", () => {
  it("an access key — even an ADMIN's, even with a valid bearer-looking header missing — is 401 on every operation", async () => {
    const org = await newOrg();
    const { headers, partner, open } = await partnerOf(org);
    const id = (await call("POST", "/api/b2b/financials", { headers, body: record(partner.id, open) })).json.id;
    const key = (await call("POST", "/api/b2b/access-keys", { headers, body: { name: "Integração", role: "ADMIN" } })).json;
    const keyHeaders = { "x-service-access-key-token": key.token, "x-service-access-key-code": key.code };
    for (const [method, path, body] of [
      ["GET", "/api/b2b/financials", undefined],
      ["GET", `/api/b2b/financials/${id}`, undefined],
      ["POST", "/api/b2b/financials", record(partner.id, open)],
      ["PUT", `/api/b2b/financials/${id}`, record(partner.id, open, { value: 0 })],
      ["DELETE", `/api/b2b/financials/${id}`, undefined],
    ] as const) {
      expectProblem(await call(method, path, { headers: keyHeaders, body }), 401);
      expectProblem(await call(method, path, { headers: { "x-service-access-key-code": key.code }, body }), 401);
    }
    expect(await org.db.financial.count()).toBe(1);
    expect((await org.db.financial.findUniqueOrThrow({ where: { id } })).value.toString()).toBe("10");
  }, 120_000);

  it("references into another org (partner, order, status, files) are 422; forged ids and org are ignored", async () => {
    const org = await newOrg();
    const { headers, partner, open } = await partnerOf(org);
    const stranger = await newOrg();
    const theirs = await partnerOf(stranger);
    const paths = async (overrides: Record<string, unknown>) =>
      (expectProblem(await call("POST", "/api/b2b/financials", { headers, body: record(partner.id, open, overrides) }), 422).errors ?? [])
        .map((error) => error.path)
        .sort();
    expect(await paths({ partner_id: theirs.partner.id })).toEqual(["partner_id"]);
    expect(await paths({ status: theirs.open })).toEqual(["status"]);
    expect(
      await paths({
        payment_billet: { resource_file_id: "00000000-0000-4000-8000-000000000000" },
        pix: { resource_file_id: "00000000-0000-4000-8000-000000000001" },
      }),
    ).toEqual(["payment_billet.resource_file_id", "pix.resource_file_id"]);
    const created = await call("POST", "/api/b2b/financials", {
      headers,
      body: {
        ...record(partner.id, open),
        organization_id: stranger.organizationId,
        sale_id: "11111111-1111-4111-8111-111111111111",
        has_payment_gateway: true,
        card: { number: "4111111111111111" },
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ sale_id: null, has_payment_gateway: false, card: null });
    expect(await stranger.db.financial.count()).toBe(0);
  });

  it("the list's totals stay in the org, and refuse what the list refuses", async () => {
    const org = await newOrg();
    const theirs = await newOrg();
    const { headers, partner, open } = await partnerOf(org);
    expect((await call("POST", "/api/b2b/financials", { headers, body: record(partner.id, open) })).status).toBe(201);
    const api = await org.as();
    expect((await api.financials.totals({})).count).toBe(1);
    expect(await (await theirs.as()).financials.totals({ partner_id: partner.id })).toEqual({ count: 0, value: 0, paid: 0, open: 0 });
    await expect(api.financials.totals({ search: "x".repeat(201) })).rejects.toThrow();
    await expect(api.financials.totals({ due_start_date: "2026-02-31x" as never })).rejects.toThrow();
    // A malformed id names no record: nothing, never a failure.
    expect((await api.financials.totals({ partner_id: "not-an-id" })).count).toBe(0);
  });

  it("codes that look right but do not check: a boleto with a valid shape and a wrong digit, a BR Code with a recomputed-looking CRC", async () => {
    const org = await newOrg();
    const { headers, partner, open } = await partnerOf(org);
    const bad = [
      { payment_billet: { bar_code: "10499898100000214032006561000100040099726391" } },
      { payment_billet: { bar_code: "1049200650610001000420099726390098981000002140" } },
      { payment_billet: { bar_code: "10492006506100010004200997263900989810000021404" } },
      { payment_billet: { bar_code: "00000000000000000000000000000000000000000000" } },
      {
        pix: {
          qr_code:
            "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304FFFF",
        },
      },
      { pix: { qr_code: "<script>alert(1)</script>" } },
    ];
    for (const overrides of bad)
      expectProblem(await call("POST", "/api/b2b/financials", { headers, body: record(partner.id, open, overrides) }), 422);
    expect(await org.db.financial.count()).toBe(0);
  });
});
