import { randomInt } from "node:crypto";
import { completeCnpj } from "../../server/lib/fiscal-number";
import { API, expect, expectProblem, test, unique } from "../fixtures";

const newCnpj = () => completeCnpj(`${Array.from({ length: 8 }, () => randomInt(10)).join("")}0001`);
const LINE = "10492006506100010004200997263900989810000021403";
const BR_CODE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

test.describe("financials", () => {
  test("bearer only: CRUD with boleto and PIX, filters, 422 on bad codes and statuses; an access key is 401", async ({
    request,
    admin,
    keyFor,
  }) => {
    const partner = await (
      await request.post(`${API}/partners`, { headers: admin, data: { name: unique("Devedor"), fiscal_registration_number: newCnpj() } })
    ).json();
    const statuses = await (await request.get(`${API}/status?type=FINANCIAL&perPage=100`, { headers: admin })).json();
    const open = statuses.items.find((status: { title: string }) => status.title === "open").id;
    const body = {
      partner_id: partner.id,
      value: 80,
      paying_off_value: 0,
      paying_off_date: null,
      reversed_value: 0,
      reversed_date: null,
      due_date: "2020-06-01T00:00:00Z",
      status: open,
      type: "BOLETO",
      payment_billet: { bar_code: LINE },
      pix: { qr_code: BR_CODE },
    };
    const created = await request.post(`${API}/financials`, { headers: admin, data: body });
    expect(created.status(), await created.text()).toBe(201);
    const record = await created.json();
    expect(record).toMatchObject({
      partner_name: partner.name,
      value: 80,
      overdue: true,
      payment_billet: { bar_code: LINE },
      pix: { qr_code: BR_CODE },
    });
    expect(await (await request.get(`${API}/financials/${record.id}`, { headers: admin })).json()).toEqual(record);
    const overdue = await (
      await request.get(`${API}/financials?partner_id=${partner.id}&overdue=true&due_end_date=2020-06-01`, { headers: admin })
    ).json();
    expect(overdue.items.map((item: { id: string }) => item.id)).toEqual([record.id]);

    const paid = await request.put(`${API}/financials/${record.id}`, {
      headers: admin,
      data: { ...body, paying_off_value: 80, paying_off_date: "2020-06-02T10:00:00Z" },
    });
    expect(paid.status()).toBe(200);
    expect(await paid.json()).toMatchObject({ paying_off_value: 80, overdue: false });

    const bad = await expectProblem(
      await request.post(`${API}/financials`, {
        headers: admin,
        data: {
          ...body,
          status: partner.id,
          payment_billet: { bar_code: LINE.replace(/3$/, "4") },
          pix: { qr_code: `${BR_CODE.slice(0, -1)}E` },
        },
      }),
      422,
    );
    expect(bad.errors?.map((error) => error.path).sort()).toEqual(["payment_billet.bar_code", "pix.qr_code"]);
    await expectProblem(await request.post(`${API}/financials`, { headers: admin, data: { ...body, status: partner.id } }), 422);

    const key = await keyFor("ADMIN");
    await expectProblem(await request.get(`${API}/financials`, { headers: key }), 401);
    await expectProblem(await request.get(`${API}/financials/${record.id}`, { headers: key }), 401);

    expect((await request.delete(`${API}/financials/${record.id}`, { headers: admin })).status()).toBe(204);
    await expectProblem(await request.get(`${API}/financials/${record.id}`, { headers: admin }), 404);
  });
});
