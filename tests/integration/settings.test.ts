/**
 * Settings over REST: statuses (/status, whose id operations answer 400), payment methods
 * (the provider's secret encrypted and masked), delivery methods with their opening hours
 * (a bare JSON array), and custom field definitions checking the writes of their entity.
 */
import { describe, expect, it } from "vitest";
import { decrypt } from "@/server/lib/encryption";
import { newOrg, unique, type TestOrg } from "../helpers/database";
import { call, expectProblem, restAs, type Answer, type Rest } from "../helpers/http";

const missing = "00000000-0000-4000-8000-000000000000";
/** The per-field error paths of a problem of this status (in the answer's order). */
const paths = (answer: Answer, status = 422) => (expectProblem(answer, status).errors ?? []).map((error) => error.path);

async function created(rest: Rest, path: string, body: unknown) {
  const answer = await rest.post(path, body);
  expect(answer.status, answer.text).toBe(201);
  return answer.json;
}

function expectNoContent(answer: Answer) {
  expect(answer.status, answer.text).toBe(204);
  expect(answer.text).toBe("");
}

const admin = async (org?: TestOrg) => restAs(await (org ?? (await newOrg())).bearer());
/** A status body; an ORDER status has a phase (contract §10). */
const status = (title: string, type: "ORDER" | "SALE" | "FINANCIAL" = "ORDER") => ({
  title,
  type,
  ...(type === "ORDER" ? { phase: "OPEN" } : {}),
});

describe("statuses (/status)", () => {
  it("an org made in Portuguese (the default) titles its statuses and first ADMIN in Portuguese", async () => {
    const org = await newOrg({ language: "pt-BR" });
    const viewer = restAs(await org.bearer("VIEWER"));
    const titles = async (type: string) =>
      (await viewer.get(`/status?type=${type}&perPage=100&sort=order`)).json.items.map((item: { title: string }) => item.title);
    expect(await titles("ORDER")).toEqual(["Novo", "Confirmado", "Faturado", "Enviado", "Entregue", "Cancelado"]);
    expect(await titles("SALE")).toEqual(["Pendente", "Pago", "Cancelado"]);
    expect(await titles("FINANCIAL")).toEqual(["Em aberto", "Pago", "Pago parcialmente", "Vencido", "Estornado", "Cancelado"]);
    expect((await viewer.get(`/status?type=FINANCIAL&search=parcialmente`)).json.items).toHaveLength(1);
    const admin = await org.db.user.findFirstOrThrow({ where: { email: org.adminEmail } });
    expect(admin.name).toBe("Administrador(a)");
  });

  it("a new org starts with the default statuses of every type, one initial each", async () => {
    const org = await newOrg();
    const viewer = restAs(await org.bearer("VIEWER"));
    const items = async (type: string) => (await viewer.get(`/status?type=${type}&perPage=100&sort=order`)).json.items;
    expect((await items("ORDER")).map((item: { title: string }) => item.title)).toEqual([
      "new",
      "confirmed",
      "invoiced",
      "shipped",
      "delivered",
      "canceled",
    ]);
    expect((await items("SALE")).map((item: { title: string }) => item.title)).toEqual(["pending", "paid", "canceled"]);
    expect((await items("FINANCIAL")).map((item: { title: string }) => item.title)).toEqual([
      "open",
      "paid",
      "partially paid",
      "overdue",
      "reversed",
      "canceled",
    ]);
    for (const type of ["ORDER", "SALE", "FINANCIAL"]) {
      const list = await items(type);
      expect(list.filter((item: { is_initial: boolean }) => item.is_initial)).toHaveLength(1);
      expect(list[0].is_initial).toBe(true);
      expect(list.find((item: { title: string }) => item.title === "canceled")?.is_final).toBe(true);
      for (const item of list) expect(item.background_color).toMatch(/^#[0-9a-f]{6}$/);
    }
    expectProblem(await viewer.get("/status?type=SHIPPING"), 422);
  });

  it("POST 201, GET 200, PUT 200, list by type and search, DELETE 200 with {id}", async () => {
    const rest = await admin();
    const title = unique("Separação");
    const answer = await rest.post("/status", {
      ...status(title),
      background_color: "#FFEEDD",
      font_color: "#112233",
      order: 7,
      attributes: { sla: 2 },
      unknown_field: 1,
    });
    expect(answer.status).toBe(201);
    const record = answer.json;
    expect(record).toMatchObject({
      title,
      type: "ORDER",
      background_color: "#ffeedd",
      font_color: "#112233",
      order: 7,
      is_initial: false,
      is_final: false,
      phase: "OPEN",
      attributes: { sla: 2 },
    });
    for (const field of ["unknown_field", "organization_id"]) expect(record).not.toHaveProperty(field);
    const fetched = await rest.get(`/status/${record.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.json).toEqual(record);

    const updated = await rest.put(`/status/${record.id}`, { ...status(`${title} 2`, "SALE"), is_final: true });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      id: record.id,
      title: `${title} 2`,
      type: "SALE",
      is_final: true,
      phase: null,
      background_color: "#e5e7eb",
    });
    expect((await rest.get(`/status?type=SALE&search=${encodeURIComponent(title)}&perPage=5`)).json).toMatchObject({
      currentPage: 0,
      perPage: 5,
      total: 1,
      items: [{ id: record.id }],
    });

    const removed = await rest.delete(`/status/${record.id}`);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ id: record.id });
    expectProblem(await rest.get(`/status/${record.id}`), 400);
  });

  it("keeps at most one initial status per type, also under concurrent writes", async () => {
    const org = await newOrg();
    const rest = await admin(org);
    const initials = async (type: "ORDER" | "SALE") =>
      (await org.db.status.findMany({ where: { type, is_initial: true } })).map((row) => row.id);
    const first = await created(rest, "/status", { ...status(unique("First")), is_initial: true });
    expect(await initials("ORDER")).toEqual([first.id]);
    expect(await initials("SALE")).toHaveLength(1);
    const second = await created(rest, "/status", { ...status(unique("Second")), is_initial: true });
    expect(await initials("ORDER")).toEqual([second.id]);
    expect((await rest.get(`/status/${first.id}`)).json.is_initial).toBe(false);
    await rest.put(`/status/${first.id}`, { ...status(first.title), is_initial: true });
    expect(await initials("ORDER")).toEqual([first.id]);
    await Promise.all([1, 2, 3].map((n) => rest.post("/status", { ...status(unique(`Race ${n}`)), is_initial: true })));
    expect(await initials("ORDER")).toHaveLength(1);
    expect(await initials("SALE")).toHaveLength(1);
  });

  it("an ORDER status has a phase (required, 400/422 without it), the others none; the defaults carry theirs; a status orders are in keeps its phase (409)", async () => {
    const org = await newOrg();
    const rest = await admin(org);
    expect(paths(await rest.post("/status", { title: "x", type: "ORDER" }))).toEqual(["phase"]);
    expect(paths(await rest.post("/status", { title: "x", type: "SALE", phase: "OPEN" }))).toEqual(["phase"]);
    expect(paths(await rest.post("/status", { title: "x", type: "ORDER", phase: "LOST" }))).toEqual(["phase"]);
    const defaults = (await rest.get("/status?type=ORDER&perPage=100&sort=order")).json.items;
    expect(defaults.map((item: { title: string; phase: string }) => [item.title, item.phase])).toEqual([
      ["new", "OPEN"],
      ["confirmed", "CONFIRMED"],
      ["invoiced", "INVOICED"],
      ["shipped", "SHIPPED"],
      ["delivered", "DELIVERED"],
      ["canceled", "CANCELED"],
    ]);
    expect((await rest.get("/status?type=SALE&perPage=100")).json.items.every((item: { phase: null }) => item.phase === null)).toBe(true);
    const picking = await created(rest, "/status", { title: unique("Separando"), type: "ORDER", phase: "CONFIRMED" });
    expect((await rest.put(`/status/${picking.id}`, { title: picking.title, type: "ORDER", phase: "OPEN" })).status).toBe(200);
    expect(paths(await rest.put(`/status/${picking.id}`, { title: picking.title, type: "ORDER" }), 400)).toEqual(["phase"]);
    const order = await org.db.order.findFirst();
    expect(order).toBeNull();
    const partner = await org.db.partner.create({ data: { name: "Cliente", fiscal_registration_number: "11222333000181" } as never });
    await org.db.order.create({
      data: {
        number: 1,
        partner_id: partner.id,
        status_id: picking.id,
        negotiation_date: new Date(),
        total_value: 0,
        order_value: 0,
        discount_value: 0,
      } as never,
    });
    const refused = expectProblem(await rest.put(`/status/${picking.id}`, { title: picking.title, type: "ORDER", phase: "INVOICED" }), 409);
    expect(refused).toMatchObject({ code: "phase_in_use" });
    expect((await rest.put(`/status/${picking.id}`, { title: "Separando pedido", type: "ORDER", phase: "OPEN" })).status).toBe(200);
  });

  it("GET, PUT and DELETE of one status answer 400 for a missing or foreign id, bad input or a body that is not JSON; POST answers 422", async () => {
    const org = await newOrg();
    const rest = await admin(org);
    expectProblem(await rest.get(`/status/${missing}`), 400);
    expectProblem(await rest.get("/status/not-a-uuid"), 400);
    expectProblem(await rest.put(`/status/${missing}`, status("x")), 400);
    expectProblem(await rest.delete(`/status/${missing}`), 400);
    const existing = await created(rest, "/status", status(unique("Valid")));
    expect(paths(await rest.put(`/status/${existing.id}`, { title: "", type: "ORDER", font_color: "red" }), 400)).toEqual([
      "title",
      "font_color",
    ]);
    expect(paths(await rest.put(`/status/${existing.id}`, { ...status("x"), is_initial: true, is_final: true }), 400)).toEqual([
      "is_final",
    ]);
    expectProblem(
      await call("PUT", `/api/b2b/status/${existing.id}`, {
        headers: { ...(await org.bearer()), "content-type": "application/json" },
        body: "{not json",
      }),
      400,
    );
    const theirs = await admin();
    expectProblem(await theirs.get(`/status/${existing.id}`), 400);
    expectProblem(await theirs.delete(`/status/${existing.id}`), 400);
    expect((await theirs.get(`/status?search=${encodeURIComponent(existing.title)}`)).json.total).toBe(0);
    expect(paths(await rest.post("/status", { type: "LOGISTICS" })).sort()).toEqual(["title", "type"]);
  });

  it("needs credentials; every role reads; ADMIN and MANAGER write", async () => {
    const org = await newOrg();
    expectProblem(await restAs({}).get("/status"), 401);
    for (const role of ["VIEWER", "SELLER"] as const) {
      const rest = restAs(await org.bearer(role));
      expect((await rest.get("/status")).json.total).toBeGreaterThan(0);
      expectProblem(await rest.post("/status", status("x")), 403);
    }
    await created(restAs(await org.bearer("MANAGER")), "/status", status(unique("By manager")));
  });
});

const card = (name: string, secret = "sk_live_1234567890abcd") => ({
  name,
  type: "CREDIT_CARD",
  minimum_value: 10,
  maximum_value: 5000.5,
  adjustment_rate: 2.5,
  minimum_installment_value: 50,
  capture_delay: true,
  provider: { vendor: "Cielo", access_key: "merchant-42", secret_key: secret, attributes: { environment: "sandbox" } },
  condition: { type: "INSTALLMENTS", due_date: { type: "DELAY", value: 30 }, subsequent_due_date: { type: "DELAY", value: 30 } },
  installments: [
    { sequence: 2, tax: 1.99, due_date_delay: 60 },
    { sequence: 1, installment_id: "1x", due_date_delay: 30 },
  ],
});

describe("payment methods", () => {
  it("POST 201, GET 200, list record fields, PUT 200 keeping the ids of what stays, DELETE 204; numbers as numbers", async () => {
    const rest = await admin();
    const name = unique("Cartão");
    const method = await created(rest, "/payment-methods", card(name));
    expect(method).toMatchObject({
      name,
      type: "CREDIT_CARD",
      minimum_value: 10,
      maximum_value: 5000.5,
      adjustment_rate: 2.5,
      active: true,
      always_visible: false,
      capture_delay: true,
      vendor: "Cielo",
      provider: { vendor: "Cielo", access_key: "merchant-42", image: null, attributes: { environment: "sandbox" } },
      condition: { type: "INSTALLMENTS", due_date: { type: "DELAY", value: 30 } },
    });
    expect(method).not.toHaveProperty("provider_secret_encrypted");
    expect(method.provider.id).toEqual(expect.any(String));
    expect(method.condition.id).toEqual(expect.any(String));
    expect(
      method.installments.map((item: { sequence: number; payment_method_id: string; tax: number }) => [
        item.sequence,
        item.payment_method_id,
        item.tax,
      ]),
    ).toEqual([
      [1, method.id, 0],
      [2, method.id, 1.99],
    ]);
    const fetched = await rest.get(`/payment-methods/${method.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.json).toEqual(method);

    const list = (await rest.get(`/payment-methods?search=${encodeURIComponent(name)}`)).json;
    expect(list.items).toHaveLength(1);
    expect(Object.keys(list.items[0]).sort()).toEqual(
      [
        "active",
        "adjustment_rate",
        "always_visible",
        "attributes",
        "id",
        "maximum_value",
        "minimum_installment_value",
        "minimum_value",
        "name",
        "type",
        "vendor",
      ].sort(),
    );

    const updated = await rest.put(`/payment-methods/${method.id}`, { ...card(`${name} 2`), installments: [{ sequence: 1 }] });
    expect(updated.status).toBe(200);
    expect(updated.json.name).toBe(`${name} 2`);
    // The installment of the same sequence keeps its id; the provider and condition keep theirs.
    expect(updated.json.installments.map((item: { id: string }) => item.id)).toEqual([method.installments[0].id]);
    expect(updated.json.provider.id).toBe(method.provider.id);
    expect(updated.json.condition.id).toBe(method.condition.id);

    expectNoContent(await rest.delete(`/payment-methods/${method.id}`));
    expectProblem(await rest.get(`/payment-methods/${method.id}`), 404);
  });

  it("stores the provider secret encrypted, answers it masked, keeps it when omitted or sent back masked", async () => {
    const org = await newOrg();
    const rest = await admin(org);
    const secret = "sk_live_1234567890abcd";
    const method = await created(rest, "/payment-methods", card(unique("Secret"), secret));
    const raw = async () => (await org.db.paymentMethod.findFirstOrThrow({ where: { id: method.id } })).provider_secret_encrypted;
    const sealed = await raw();
    expect(sealed).not.toContain(secret);
    expect(JSON.stringify(await org.db.paymentMethod.findFirstOrThrow({ where: { id: method.id } }))).not.toContain(secret);
    expect(decrypt(sealed!)).toBe(secret);
    const masked = "*".repeat(secret.length - 4) + "abcd";
    expect(method.provider.secret_key).toBe(masked);
    const fetched = await rest.get(`/payment-methods/${method.id}`);
    expect(fetched.json.provider.secret_key).toBe(masked);
    expect(fetched.text).not.toContain(secret);

    const base = card(method.name);
    const update = async (body: object) => {
      const answer = await rest.put(`/payment-methods/${method.id}`, body);
      expect(answer.status, answer.text).toBe(200);
      return answer.json;
    };
    // Omitted: kept.
    const { secret_key: _omitted, ...withoutSecret } = base.provider;
    await update({ ...base, provider: { ...withoutSecret, access_key: "merchant-43" } });
    expect(decrypt((await raw())!)).toBe(secret);
    // Sent back masked: kept.
    expect((await update({ ...base, provider: { ...base.provider, secret_key: masked } })).provider.secret_key).toBe(masked);
    expect(decrypt((await raw())!)).toBe(secret);
    // The whole provider omitted: kept.
    const { provider: _provider, ...withoutProvider } = base;
    expect((await update(withoutProvider)).provider.secret_key).toBe(masked);
    // A new one: replaced.
    expect((await update({ ...base, provider: { ...base.provider, secret_key: "new-secret-9876" } })).provider.secret_key).toBe(
      "***********9876",
    );
    expect(decrypt((await raw())!)).toBe("new-secret-9876");
    // An empty one: removed; a null provider removes it all.
    expect((await update({ ...base, provider: { ...base.provider, secret_key: "" } })).provider.secret_key).toBeNull();
    expect(await update({ ...base, provider: null })).toMatchObject({ provider: null, vendor: null });
    expect(await raw()).toBeNull();
  });

  it("filters by only_active, vendor, always_visible and with_vendor", async () => {
    const rest = await admin();
    const tag = unique("Flt").replace(" ", "");
    await created(rest, "/payment-methods", card(`${tag} card`));
    await created(rest, "/payment-methods", { name: `${tag} pix`, type: "PIX", always_visible: true });
    await created(rest, "/payment-methods", { name: `${tag} old`, type: "BOLETO", active: false, provider: { vendor: "Itaú" } });
    const names = async (query: string) => {
      const answer = await rest.get(`/payment-methods?search=${tag}&sort=name${query}`);
      expect(answer.status, answer.text).toBe(200);
      return answer.json.items.map((item: { name: string }) => item.name.replace(`${tag} `, ""));
    };
    expect(await names("")).toEqual(["card", "old", "pix"]);
    expect(await names("&only_active=true")).toEqual(["card", "pix"]);
    expect(await names("&only_active=false")).toEqual(["card", "old", "pix"]);
    expect(await names("&active=false")).toEqual(["old"]);
    expect(await names("&vendor=cielo")).toEqual(["card"]);
    expect(await names("&always_visible=true")).toEqual(["pix"]);
    expect(await names("&always_visible=false")).toEqual(["card", "old"]);
    expect(await names("&with_vendor=true")).toEqual(["card", "old"]);
    expect(await names("&with_vendor=false")).toEqual(["pix"]);
    expectProblem(await rest.get("/payment-methods?only_active=maybe"), 422);
  });

  it("422 for a minimum above the maximum, repeated sequences and bad fields; 404 for a missing id", async () => {
    const rest = await admin();
    expect(paths(await rest.post("/payment-methods", { name: "x", minimum_value: 10, maximum_value: 5 }))).toEqual(["maximum_value"]);
    expect(paths(await rest.post("/payment-methods", { name: "x", installments: [{ sequence: 1 }, { sequence: 1 }] }))).toEqual([
      "installments.1.sequence",
    ]);
    expect(paths(await rest.post("/payment-methods", { name: "", type: "CHEQUE", minimum_value: -1 }))).toEqual([
      "name",
      "type",
      "minimum_value",
    ]);
    expectProblem(await rest.put(`/payment-methods/${missing}`, { name: "x" }), 404);
  });

  it("stay in their org; every role reads them masked; ADMIN and MANAGER write", async () => {
    const org = await newOrg();
    const method = await created(await admin(org), "/payment-methods", card(unique("Mine")));
    const theirs = await admin();
    expectProblem(await theirs.get(`/payment-methods/${method.id}`), 404);
    expectProblem(await theirs.put(`/payment-methods/${method.id}`, { name: "x" }), 404);
    expectProblem(await theirs.delete(`/payment-methods/${method.id}`), 404);
    const viewer = restAs(await org.bearer("VIEWER"));
    expect((await viewer.get(`/payment-methods/${method.id}`)).json.provider.secret_key).toMatch(/^\*+abcd$/);
    expectProblem(await viewer.post("/payment-methods", { name: "x" }), 403);
  });
});

const pickup = (name: string) => ({ name, type: "PICKUP", price_type: "FREE" });

describe("delivery methods", () => {
  it("POST 201, GET 200, PUT 200 (a free method has no price), the list's type filter, DELETE 204 with no body", async () => {
    const rest = await admin();
    const name = unique("Frota");
    const method = await created(rest, "/delivery-methods", {
      name,
      type: "OWN_FLEET",
      price_type: "FIXED",
      price: 25.9,
      custom_label: "Entrega em 24h",
      period_type: "HOURS",
      period_start: 4,
      period_end: 24,
    });
    expect(method).toMatchObject({
      name,
      type: "OWN_FLEET",
      price_type: "FIXED",
      price: 25.9,
      active: true,
      period_type: "HOURS",
      period_start: 4,
      period_end: 24,
      notes: null,
    });
    const fetched = await rest.get(`/delivery-methods/${method.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.json).toEqual(method);

    const carrier = await rest.put(`/delivery-methods/${method.id}`, { name, type: "CARRIER", price_type: "PER_WEIGHT", price: 3.5 });
    expect(carrier.status).toBe(200);
    expect(carrier.json).toMatchObject({ type: "CARRIER", price: 3.5, period_type: null });
    const free = await rest.put(`/delivery-methods/${method.id}`, { ...pickup(`${name} 2`), price: 10 });
    expect(free.json).toMatchObject({ type: "PICKUP", price_type: "FREE", price: 0, period_type: null, custom_label: null });
    expect((await rest.get(`/delivery-methods?search=${encodeURIComponent(name)}&type=PICKUP`)).json).toMatchObject({
      currentPage: 0,
      total: 1,
      items: [{ id: method.id, name: `${name} 2` }],
    });
    expect((await rest.get(`/delivery-methods?search=${encodeURIComponent(name)}&type=CARRIER`)).json.total).toBe(0);

    expectNoContent(await rest.delete(`/delivery-methods/${method.id}`));
    expectProblem(await rest.get(`/delivery-methods/${method.id}`), 404);
  });

  it("422 per failing field: a price unless free, a period that ends before it starts, enums; 404 for a missing or foreign id", async () => {
    const rest = await admin();
    expect(paths(await rest.post("/delivery-methods", { name: "x", type: "CARRIER", price_type: "PER_WEIGHT" }))).toEqual(["price"]);
    expect(paths(await rest.post("/delivery-methods", { ...pickup("x"), period_start: 5, period_end: 2 }))).toEqual(["period_end"]);
    expect(paths(await rest.post("/delivery-methods", { name: "", type: "TRUCK", price_type: "FREE" }))).toEqual(["name", "type"]);
    const method = await created(rest, "/delivery-methods", pickup(unique("Retirada")));
    expect(paths(await rest.put(`/delivery-methods/${method.id}`, { ...pickup(""), period_start: 5, period_end: 1 }))).toEqual(["name"]);
    expect(paths(await rest.put(`/delivery-methods/${method.id}`, { ...pickup("x"), period_start: 5, period_end: 1 }))).toEqual([
      "period_end",
    ]);
    expectProblem(await rest.get(`/delivery-methods/${missing}`), 404);
    expectProblem(await (await admin()).get(`/delivery-methods/${method.id}`), 404);
  });

  it("opening hours: GET and PUT take and answer a bare JSON array, sorted; PUT replaces the list; bad hours and overlaps are 422 naming the item", async () => {
    const org = await newOrg();
    const rest = await admin(org);
    const method = await created(rest, "/delivery-methods", pickup(unique("Retirada")));
    const path = `/delivery-methods/${method.id}/opening-hours`;
    const empty = await rest.get(path);
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual([]);

    const week = [
      { weekday: 1, open_time: "13:00", close_time: "18:00" },
      { weekday: 1, open_time: "08:00", close_time: "12:00" },
      { weekday: 6, open_time: "08:00", close_time: "12:00" },
    ];
    const saved = await rest.put(path, week);
    expect(saved.status).toBe(200);
    const sorted = [week[1], week[0], week[2]];
    expect(saved.json).toEqual(sorted);
    expect((await rest.get(path)).json).toEqual(sorted);

    const overlap = expectProblem(await rest.put(path, [...week, { weekday: 1, open_time: "11:30", close_time: "14:00" }]), 422);
    expect(overlap.errors).toEqual([
      expect.objectContaining({ path: "3.open_time", message: expect.stringContaining("overlaps"), code: expect.any(String) }),
    ]);
    const nested = [
      { weekday: 3, open_time: "08:00", close_time: "18:00" },
      { weekday: 3, open_time: "09:00", close_time: "10:00" },
      { weekday: 4, open_time: "09:00", close_time: "10:00" },
      { weekday: 3, open_time: "11:00", close_time: "12:00" },
    ];
    expect(paths(await rest.put(path, nested))).toEqual(["1.open_time", "3.open_time"]);
    expect(paths(await rest.put(path, [{ weekday: 2, open_time: "18:00", close_time: "08:00" }]))).toEqual(["0.open_time"]);
    expect(paths(await rest.put(path, [{ weekday: 7, open_time: "8h", close_time: "12:00" }]))).toEqual(["0.weekday", "0.open_time"]);
    // An object is not the array: refused, not read as one.
    expectProblem(await rest.put(path, { hours: week }), 422);
    expectProblem(await rest.put(path, week[0]), 422);
    // Nothing changed by the refused writes; an empty list clears.
    expect((await rest.get(path)).json).toEqual(sorted);
    const cleared = await rest.put(path, []);
    expect(cleared.status).toBe(200);
    expect(cleared.json).toEqual([]);

    expectProblem(await rest.get(`/delivery-methods/${missing}/opening-hours`), 404);
    expectProblem(await rest.put(`/delivery-methods/${missing}/opening-hours`, week), 404);
    const theirs = await admin();
    expectProblem(await theirs.get(path), 404);
    expectProblem(await theirs.put(path, week), 404);
    for (const role of ["VIEWER", "SELLER"] as const) expectProblem(await restAs(await org.bearer(role)).put(path, week), 403);
  });
});

describe("entity attributes", () => {
  it("POST 201, GET 200, list by entity, PUT 200 (options only for SELECT), DELETE 204; a key is unique per entity (409)", async () => {
    const rest = await admin();
    const definition = await created(rest, "/entity-attributes", {
      entity: "partner",
      key: "segment",
      label: "Segmento",
      type: "SELECT",
      options: ["Varejo", "Atacado"],
    });
    expect(definition).toMatchObject({
      entity: "partner",
      key: "segment",
      type: "SELECT",
      options: ["Varejo", "Atacado"],
      required: false,
      active: true,
    });
    const fetched = await rest.get(`/entity-attributes/${definition.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.json).toEqual(definition);
    await created(rest, "/entity-attributes", { entity: "product", key: "segment", label: "Segmento", type: "STRING" });
    expectProblem(await rest.post("/entity-attributes", { entity: "partner", key: "segment", label: "Again", type: "STRING" }), 409);
    expect((await rest.get("/entity-attributes?entity=partner")).json.items.map((item: { key: string }) => item.key)).toEqual(["segment"]);
    expect((await rest.get("/entity-attributes?entity=order&search=segment")).json.total).toBe(0);

    const updated = await rest.put(`/entity-attributes/${definition.id}`, {
      entity: "partner",
      key: "segment",
      label: "Segment",
      type: "STRING",
      options: ["ignored"],
      active: false,
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ label: "Segment", type: "STRING", options: [], active: false });
    expectNoContent(await rest.delete(`/entity-attributes/${definition.id}`));
    expectProblem(await rest.get(`/entity-attributes/${definition.id}`), 404);
  });

  it("422 for a SELECT without options, an unsafe key and an unknown entity", async () => {
    const rest = await admin();
    expect(paths(await rest.post("/entity-attributes", { entity: "partner", key: "tier", label: "Tier", type: "SELECT" }))).toEqual([
      "options",
    ]);
    expect(paths(await rest.post("/entity-attributes", { entity: "partner", key: "a.b", label: "X", type: "STRING" }))).toEqual(["key"]);
    expect(paths(await rest.post("/entity-attributes", { entity: "planet", key: "1 bad-key", label: "x", type: "STRING" }))).toEqual([
      "entity",
      "key",
    ]);
  });

  it("checks the attributes of an entity's writes against its active definitions, in its own org only", async () => {
    const rest = await admin();
    await created(rest, "/entity-attributes", {
      entity: "brand",
      key: "origin_country",
      label: "Origin",
      type: "SELECT",
      options: ["BR", "CN"],
      required: true,
    });
    await created(rest, "/entity-attributes", { entity: "brand", key: "founded", label: "Founded", type: "NUMBER" });
    const brand = { name: unique("Brand"), active: true };
    const missingValue = expectProblem(await rest.post("/brands", { ...brand, attributes: {} }), 422);
    expect(missingValue.errors).toEqual([
      expect.objectContaining({ path: "attributes.origin_country", message: expect.any(String), code: expect.any(String) }),
    ]);
    expect(paths(await rest.post("/brands", { ...brand, attributes: { origin_country: "US", founded: "1950" } }))).toEqual([
      "attributes.origin_country",
      "attributes.founded",
    ]);
    const saved = await created(rest, "/brands", { ...brand, attributes: { origin_country: "BR", founded: 1950, free: "kept" } });
    expect(saved.attributes).toEqual({ origin_country: "BR", founded: 1950, free: "kept" });

    // This resource group's own entities are checked too.
    const required = await created(rest, "/entity-attributes", {
      entity: "payment_method",
      key: "erp_code",
      label: "ERP code",
      type: "STRING",
      required: true,
    });
    await created(rest, "/entity-attributes", { entity: "delivery_method", key: "express", label: "Express", type: "BOOLEAN" });
    await created(rest, "/entity-attributes", { entity: "status", key: "sla_days", label: "SLA", type: "NUMBER" });
    expect(paths(await rest.post("/payment-methods", { name: "x" }))).toEqual(["attributes.erp_code"]);
    expect(paths(await rest.post("/delivery-methods", { ...pickup("x"), attributes: { express: "yes" } }))).toEqual(["attributes.express"]);
    expect(paths(await rest.post("/status", { ...status("x"), attributes: { sla_days: "two" } }))).toEqual(["attributes.sla_days"]);

    // An inactive definition checks nothing; another org is not affected.
    await rest.put(`/entity-attributes/${required.id}`, {
      entity: "payment_method",
      key: "erp_code",
      label: "ERP code",
      type: "STRING",
      required: true,
      active: false,
    });
    await created(rest, "/payment-methods", { name: unique("No code") });
    await created(await admin(), "/brands", { ...brand, attributes: {} });
  });

  it("stay in their org; ADMIN and MANAGER write them", async () => {
    const org = await newOrg();
    const definition = await created(await admin(org), "/entity-attributes", {
      entity: "sale",
      key: "channel",
      label: "Channel",
      type: "STRING",
    });
    const theirs = await admin();
    expectProblem(await theirs.get(`/entity-attributes/${definition.id}`), 404);
    expect((await theirs.get("/entity-attributes?entity=sale")).json.total).toBe(0);
    expectProblem(
      await restAs(await org.bearer("SELLER")).post("/entity-attributes", { entity: "sale", key: "x", label: "x", type: "STRING" }),
      403,
    );
    await created(restAs(await org.bearer("MANAGER")), "/entity-attributes", {
      entity: "sale",
      key: "tier",
      label: "Tier",
      type: "STRING",
    });
  });
});
