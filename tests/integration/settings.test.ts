import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { problemOf } from "@/server/http/problem";
import { decrypt } from "@/server/lib/encryption";
import { openingHoursBody } from "@/server/settings/delivery-methods/schemas";
import { newOrg, unique, type Caller } from "../helpers/database";

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** The HTTP status and per-field error paths a REST client would get. */
async function failure(promise: Promise<unknown>) {
  const problem = problemOf(await rejection(promise));
  return { status: problem.status, paths: (problem.errors ?? []).map((error) => error.path) };
}

const status = (title: string, type: "ORDER" | "SALE" | "FINANCIAL" = "ORDER") => ({ title, type });

describe("statuses", () => {
  it("a new org starts with the default statuses of every type, one initial each", async () => {
    const api = await (await newOrg()).as("VIEWER");
    const titles = async (type: "ORDER" | "SALE" | "FINANCIAL") => (await api.statuses.list({ type, perPage: 100, sort: "order" })).items;
    const orders = await titles("ORDER");
    expect(orders.map((item) => item.title)).toEqual(["new", "confirmed", "invoiced", "shipped", "delivered", "canceled"]);
    expect((await titles("SALE")).map((item) => item.title)).toEqual(["pending", "paid", "canceled"]);
    expect((await titles("FINANCIAL")).map((item) => item.title)).toEqual([
      "open",
      "paid",
      "partially paid",
      "overdue",
      "reversed",
      "canceled",
    ]);
    for (const type of ["ORDER", "SALE", "FINANCIAL"] as const) {
      const items = await titles(type);
      expect(items.filter((item) => item.is_initial)).toHaveLength(1);
      expect(items[0]!.is_initial).toBe(true);
      expect(items.find((item) => item.title === "canceled")?.is_final).toBe(true);
      for (const item of items) expect(item.background_color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it("creates, reads, updates and deletes a status; DELETE answers its id", async () => {
    const api = await (await newOrg()).as();
    const title = unique("Awaiting stock");
    const created = await api.statuses.create({
      ...status(title),
      background_color: "#FFAA00",
      font_color: "#000000",
      order: 3,
      attributes: { sla: 2 },
    });
    expect(created).toMatchObject({
      title,
      type: "ORDER",
      background_color: "#ffaa00",
      font_color: "#000000",
      order: 3,
      is_initial: false,
      is_final: false,
      attributes: { sla: 2 },
    });
    expect(await api.statuses.get({ id: created.id })).toEqual(created);
    const updated = await api.statuses.update({ id: created.id, ...status(`${title} 2`, "SALE"), is_final: true });
    expect(updated).toMatchObject({ id: created.id, title: `${title} 2`, type: "SALE", is_final: true, background_color: "#e5e7eb" });
    expect((await api.statuses.list({ search: title })).items.map((item) => item.id)).toEqual([created.id]);
    expect(await api.statuses.remove({ id: created.id })).toEqual({ id: created.id });
    expect(await failure(api.statuses.get({ id: created.id }))).toMatchObject({ status: 400 });
  });

  it("keeps at most one initial status per type", async () => {
    const org = await newOrg();
    const api = await org.as();
    const first = await api.statuses.create({ ...status(unique("First")), is_initial: true });
    const initials = async (type: "ORDER" | "SALE") =>
      (await org.db.status.findMany({ where: { type, is_initial: true } })).map((row) => row.id);
    expect(await initials("ORDER")).toEqual([first.id]);
    expect(await initials("SALE")).toHaveLength(1);

    const second = await api.statuses.create({ ...status(unique("Second")), is_initial: true });
    expect(await initials("ORDER")).toEqual([second.id]);
    await api.statuses.update({ id: first.id, ...status(first.title), is_initial: true });
    expect(await initials("ORDER")).toEqual([first.id]);
    // Concurrent writes still leave exactly one.
    await Promise.all([1, 2, 3].map((n) => api.statuses.create({ ...status(unique(`Race ${n}`)), is_initial: true })));
    expect(await initials("ORDER")).toHaveLength(1);
    expect(await initials("SALE")).toHaveLength(1);
  });

  it("answers 400 on GET, PUT and DELETE of /status/{id}, 422 on POST", async () => {
    const api = await (await newOrg()).as();
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(await failure(api.statuses.get({ id: missing }))).toMatchObject({ status: 400 });
    expect(await failure(api.statuses.get({ id: "not-a-uuid" }))).toMatchObject({ status: 400 });
    expect(await failure(api.statuses.update({ id: missing, ...status("x") }))).toMatchObject({ status: 400 });
    expect(await failure(api.statuses.remove({ id: missing }))).toMatchObject({ status: 400 });
    const existing = await api.statuses.create(status(unique("Valid")));
    expect(await failure(api.statuses.update({ id: existing.id, title: "", type: "ORDER", font_color: "red" }))).toEqual({
      status: 400,
      paths: ["title", "font_color"],
    });
    expect(await failure(api.statuses.update({ id: existing.id, ...status("x"), is_initial: true, is_final: true }))).toEqual({
      status: 400,
      paths: ["is_final"],
    });
    expect(await failure(api.statuses.create({ title: "x", type: "NOPE" as never }))).toEqual({ status: 422, paths: ["type"] });
    expect((await failure(api.statuses.list({ type: "NOPE" as never }))).status).toBe(422);
  });

  it("keeps orgs apart and lets only ADMIN and MANAGER write", async () => {
    const org = await newOrg();
    const mine = await org.as();
    const theirs = await (await newOrg()).as();
    const created = await mine.statuses.create(status(unique("Private")));
    expect((await failure(theirs.statuses.get({ id: created.id }))).status).toBe(400);
    expect((await failure(theirs.statuses.remove({ id: created.id }))).status).toBe(400);
    expect((await theirs.statuses.list({ search: created.title })).total).toBe(0);
    const seller = await org.as("SELLER");
    expect((await seller.statuses.list({})).total).toBeGreaterThan(0);
    expect((await failure(seller.statuses.create(status("x")))).status).toBe(403);
    await (await org.as("MANAGER")).statuses.create(status(unique("By manager")));
  });
});

const card = (name: string, secret = "sk_live_1234567890abcd") => ({
  name,
  type: "CREDIT_CARD" as const,
  minimum_value: 10,
  maximum_value: 5000.5,
  adjustment_rate: 2.5,
  minimum_installment_value: 50,
  capture_delay: true,
  provider: { vendor: "Cielo", access_key: "merchant-42", secret_key: secret, attributes: { environment: "sandbox" } },
  condition: {
    type: "INSTALLMENTS" as const,
    due_date: { type: "DELAY" as const, value: 30 },
    subsequent_due_date: { type: "DELAY" as const, value: 30 },
  },
  installments: [
    { sequence: 2, tax: 1.99, due_date_delay: 60 },
    { sequence: 1, installment_id: "1x", due_date_delay: 30 },
  ],
});

describe("payment methods", () => {
  it("creates, reads, lists, updates and deletes a payment method with numbers as numbers", async () => {
    const api = await (await newOrg()).as();
    const name = unique("Cartão");
    const created = await api.paymentMethods.create(card(name));
    expect(created).toMatchObject({
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
    expect(created.provider?.id).toEqual(expect.any(String));
    expect(created.condition?.id).toEqual(expect.any(String));
    expect(created.installments.map((item) => [item.sequence, item.payment_method_id, item.tax])).toEqual([
      [1, created.id, 0],
      [2, created.id, 1.99],
    ]);
    expect(await api.paymentMethods.get({ id: created.id })).toEqual(created);

    const list = await api.paymentMethods.list({ search: name });
    expect(list.items).toHaveLength(1);
    expect(Object.keys(list.items[0]!).sort()).toEqual(
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

    const updated = await api.paymentMethods.update({ id: created.id, ...card(`${name} 2`), installments: [{ sequence: 1 }] });
    expect(updated.name).toBe(`${name} 2`);
    // The installment of the same sequence keeps its id; the provider and condition keep theirs.
    expect(updated.installments.map((item) => item.id)).toEqual([created.installments[0]!.id]);
    expect(updated.provider?.id).toBe(created.provider?.id);
    expect(updated.condition?.id).toBe(created.condition?.id);

    await api.paymentMethods.remove({ id: created.id });
    expect((await rejection(api.paymentMethods.get({ id: created.id }))).code).toBe("NOT_FOUND");
  });

  it("stores the provider secret encrypted, answers it masked, keeps it when omitted or sent back masked", async () => {
    const org = await newOrg();
    const api = await org.as();
    const secret = "sk_live_1234567890abcd";
    const created = await api.paymentMethods.create(card(unique("Secret"), secret));
    const raw = async () => (await org.db.paymentMethod.findFirstOrThrow({ where: { id: created.id } })).provider_secret_encrypted!;
    const sealed = await raw();
    expect(sealed).not.toContain(secret);
    expect(JSON.stringify(await org.db.paymentMethod.findFirstOrThrow({ where: { id: created.id } }))).not.toContain(secret);
    expect(decrypt(sealed)).toBe(secret);
    const masked = "*".repeat(secret.length - 4) + "abcd";
    expect(created.provider?.secret_key).toBe(masked);
    expect((await api.paymentMethods.get({ id: created.id })).provider?.secret_key).toBe(masked);

    const base = card(created.name);
    // Omitted: kept.
    const { secret_key: _omitted, ...withoutSecret } = base.provider;
    await api.paymentMethods.update({ id: created.id, ...base, provider: { ...withoutSecret, access_key: "merchant-43" } });
    expect(decrypt(await raw())).toBe(secret);
    // Sent back masked: kept.
    const again = await api.paymentMethods.update({ id: created.id, ...base, provider: { ...base.provider, secret_key: masked } });
    expect(decrypt(await raw())).toBe(secret);
    expect(again.provider?.secret_key).toBe(masked);
    // The whole provider omitted: kept.
    const { provider: _provider, ...withoutProvider } = base;
    expect((await api.paymentMethods.update({ id: created.id, ...withoutProvider })).provider?.secret_key).toBe(masked);
    // A new one: replaced.
    const replaced = await api.paymentMethods.update({
      id: created.id,
      ...base,
      provider: { ...base.provider, secret_key: "new-secret-9876" },
    });
    expect(replaced.provider?.secret_key).toBe("***********9876");
    expect(decrypt(await raw())).toBe("new-secret-9876");
    // An empty one: removed; a null provider removes it all.
    expect(
      (await api.paymentMethods.update({ id: created.id, ...base, provider: { ...base.provider, secret_key: "" } })).provider?.secret_key,
    ).toBeNull();
    const cleared = await api.paymentMethods.update({ id: created.id, ...base, provider: null });
    expect(cleared).toMatchObject({ provider: null, vendor: null });
    expect(await raw()).toBeNull();
  });

  it("filters by only_active, vendor, always_visible and with_vendor", async () => {
    const api = await (await newOrg()).as();
    const tag = unique("Flt");
    await api.paymentMethods.create({ ...card(`${tag} card`) });
    await api.paymentMethods.create({ name: `${tag} pix`, type: "PIX", always_visible: true });
    await api.paymentMethods.create({ name: `${tag} old`, type: "BOLETO", active: false, provider: { vendor: "Itaú" } });
    const names = async (filters: object) =>
      (await api.paymentMethods.list({ search: tag, sort: "name", ...filters })).items.map((item) => item.name.replace(`${tag} `, ""));
    expect(await names({})).toEqual(["card", "old", "pix"]);
    expect(await names({ only_active: true })).toEqual(["card", "pix"]);
    expect(await names({ only_active: false })).toEqual(["card", "old", "pix"]);
    expect(await names({ vendor: "cielo" })).toEqual(["card"]);
    expect(await names({ always_visible: true })).toEqual(["pix"]);
    expect(await names({ with_vendor: true })).toEqual(["card", "old"]);
    expect(await names({ with_vendor: false })).toEqual(["pix"]);
  });

  it("rejects a minimum above the maximum, repeated sequences and bad fields with 422", async () => {
    const api = await (await newOrg()).as();
    expect(await failure(api.paymentMethods.create({ name: "x", minimum_value: 10, maximum_value: 5 }))).toEqual({
      status: 422,
      paths: ["maximum_value"],
    });
    expect(await failure(api.paymentMethods.create({ name: "x", installments: [{ sequence: 1 }, { sequence: 1 }] }))).toEqual({
      status: 422,
      paths: ["installments.1.sequence"],
    });
    expect(await failure(api.paymentMethods.create({ name: "", type: "CHEQUE" as never, minimum_value: -1 }))).toEqual({
      status: 422,
      paths: ["name", "type", "minimum_value"],
    });
  });

  it("keeps orgs apart and lets only ADMIN and MANAGER write", async () => {
    const org = await newOrg();
    const created = await (await org.as()).paymentMethods.create(card(unique("Mine")));
    const theirs = await (await newOrg()).as();
    expect((await rejection(theirs.paymentMethods.get({ id: created.id }))).code).toBe("NOT_FOUND");
    expect((await rejection(theirs.paymentMethods.update({ id: created.id, name: "x" }))).code).toBe("NOT_FOUND");
    const viewer = await org.as("VIEWER");
    expect((await viewer.paymentMethods.get({ id: created.id })).provider?.secret_key).toMatch(/^\*+abcd$/);
    expect((await rejection(viewer.paymentMethods.create({ name: "x" }))).code).toBe("FORBIDDEN");
  });
});

const pickup = (name: string) => ({ name, type: "PICKUP" as const, price_type: "FREE" as const });

describe("delivery methods", () => {
  it("creates, reads, updates and deletes a delivery method", async () => {
    const api = await (await newOrg()).as();
    const name = unique("Frota");
    const created = await api.deliveryMethods.create({
      name,
      type: "OWN_FLEET",
      price_type: "FIXED",
      price: 25.9,
      custom_label: "Entrega em 24h",
      period_type: "HOURS",
      period_start: 4,
      period_end: 24,
    });
    expect(created).toMatchObject({
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
    expect(await api.deliveryMethods.get({ id: created.id })).toEqual(created);
    const free = await api.deliveryMethods.update({ id: created.id, ...pickup(`${name} 2`), price: 10 });
    expect(free).toMatchObject({ type: "PICKUP", price_type: "FREE", price: 0, period_type: null, custom_label: null });
    expect((await api.deliveryMethods.list({ search: name, type: "PICKUP" })).total).toBe(1);
    expect((await api.deliveryMethods.list({ search: name, type: "CARRIER" })).total).toBe(0);
    await api.deliveryMethods.remove({ id: created.id });
    expect((await rejection(api.deliveryMethods.get({ id: created.id }))).code).toBe("NOT_FOUND");
  });

  it("requires a price unless free and a period that does not end before it starts", async () => {
    const api = await (await newOrg()).as();
    expect(await failure(api.deliveryMethods.create({ name: "x", type: "CARRIER", price_type: "PER_WEIGHT" }))).toEqual({
      status: 422,
      paths: ["price"],
    });
    expect(await failure(api.deliveryMethods.create({ ...pickup("x"), period_start: 5, period_end: 2 }))).toEqual({
      status: 422,
      paths: ["period_end"],
    });
    expect(await failure(api.deliveryMethods.create({ name: "", type: "TRUCK" as never, price_type: "FREE" }))).toEqual({
      status: 422,
      paths: ["name", "type"],
    });
  });

  it("replaces opening hours, answers them sorted, and rejects closing before opening and overlaps naming the item", async () => {
    const org = await newOrg();
    const api = await org.as();
    const method = await api.deliveryMethods.create(pickup(unique("Retirada")));
    expect(await api.deliveryMethods.openingHours({ id: method.id })).toEqual([]);
    const week = [
      { weekday: 1, open_time: "13:00", close_time: "18:00" },
      { weekday: 1, open_time: "08:00", close_time: "12:00" },
      { weekday: 6, open_time: "08:00", close_time: "12:00" },
    ];
    const saved = await api.deliveryMethods.replaceOpeningHours(openingHoursBody(method.id, week));
    expect(saved).toEqual([week[1], week[0], week[2]]);
    expect(await api.deliveryMethods.openingHours({ id: method.id })).toEqual(saved);

    const overlap = [...week, { weekday: 1, open_time: "11:30", close_time: "14:00" }];
    expect(await failure(api.deliveryMethods.replaceOpeningHours(openingHoursBody(method.id, overlap)))).toEqual({
      status: 422,
      paths: ["3.open_time"],
    });
    const nested = [
      { weekday: 3, open_time: "08:00", close_time: "18:00" },
      { weekday: 3, open_time: "09:00", close_time: "10:00" },
      { weekday: 4, open_time: "09:00", close_time: "10:00" },
      { weekday: 3, open_time: "11:00", close_time: "12:00" },
    ];
    expect(await failure(api.deliveryMethods.replaceOpeningHours(openingHoursBody(method.id, nested)))).toEqual({
      status: 422,
      paths: ["1.open_time", "3.open_time"],
    });
    const backwards = [{ weekday: 2, open_time: "18:00", close_time: "08:00" }];
    expect(await failure(api.deliveryMethods.replaceOpeningHours(openingHoursBody(method.id, backwards)))).toEqual({
      status: 422,
      paths: ["0.open_time"],
    });
    const malformed = [{ weekday: 7, open_time: "8h", close_time: "12:00" }];
    expect(await failure(api.deliveryMethods.replaceOpeningHours(openingHoursBody(method.id, malformed as never)))).toEqual({
      status: 422,
      paths: ["0.weekday", "0.open_time"],
    });
    // Nothing changed by the refused writes; an empty list clears.
    expect(await api.deliveryMethods.openingHours({ id: method.id })).toEqual(saved);
    expect(await api.deliveryMethods.replaceOpeningHours(openingHoursBody(method.id, []))).toEqual([]);

    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await rejection(api.deliveryMethods.openingHours({ id: missing }))).code).toBe("NOT_FOUND");
    expect((await rejection(api.deliveryMethods.replaceOpeningHours(openingHoursBody(missing, week)))).code).toBe("NOT_FOUND");
    const theirs = await (await newOrg()).as();
    expect((await rejection(theirs.deliveryMethods.openingHours({ id: method.id }))).code).toBe("NOT_FOUND");
    const viewer = await org.as("VIEWER");
    expect((await rejection(viewer.deliveryMethods.replaceOpeningHours(openingHoursBody(method.id, week)))).code).toBe("FORBIDDEN");
  });
});

async function define(api: Caller, definition: Parameters<Caller["entityAttributes"]["create"]>[0]) {
  return api.entityAttributes.create(definition);
}

describe("entity attributes", () => {
  it("creates, lists by entity, updates and deletes a definition; a key is unique per entity", async () => {
    const api = await (await newOrg()).as();
    const created = await define(api, {
      entity: "partner",
      key: "segment",
      label: "Segmento",
      type: "SELECT",
      options: ["Varejo", "Atacado"],
    });
    expect(created).toMatchObject({
      entity: "partner",
      key: "segment",
      type: "SELECT",
      options: ["Varejo", "Atacado"],
      required: false,
      active: true,
    });
    expect(await api.entityAttributes.get({ id: created.id })).toEqual(created);
    await define(api, { entity: "product", key: "segment", label: "Segmento", type: "STRING" });
    expect((await rejection(define(api, { entity: "partner", key: "segment", label: "Again", type: "STRING" }))).code).toBe("CONFLICT");
    expect((await api.entityAttributes.list({ entity: "partner" })).items.map((item) => item.key)).toEqual(["segment"]);

    const updated = await api.entityAttributes.update({
      id: created.id,
      entity: "partner",
      key: "segment",
      label: "Segment",
      type: "STRING",
      options: ["ignored"],
    });
    expect(updated).toMatchObject({ label: "Segment", type: "STRING", options: [] });
    await api.entityAttributes.remove({ id: created.id });
    expect((await rejection(api.entityAttributes.get({ id: created.id }))).code).toBe("NOT_FOUND");
  });

  it("rejects a SELECT without options, an unsafe key and an unknown entity with 422", async () => {
    const api = await (await newOrg()).as();
    expect(await failure(define(api, { entity: "partner", key: "tier", label: "Tier", type: "SELECT" }))).toEqual({
      status: 422,
      paths: ["options"],
    });
    expect(await failure(define(api, { entity: "planet" as never, key: "1 bad-key", label: "x", type: "STRING" }))).toEqual({
      status: 422,
      paths: ["entity", "key"],
    });
  });

  it("checks the attributes of an entity's writes against its active definitions", async () => {
    const org = await newOrg();
    const api = await org.as();
    await define(api, { entity: "brand", key: "origin_country", label: "Origin", type: "SELECT", options: ["BR", "CN"], required: true });
    await define(api, { entity: "brand", key: "founded", label: "Founded", type: "NUMBER" });
    const brand = { name: unique("Brand"), active: true, images: [] };
    expect(await failure(api.brands.create({ ...brand, attributes: {} }))).toEqual({ status: 422, paths: ["attributes.origin_country"] });
    expect(await failure(api.brands.create({ ...brand, attributes: { origin_country: "US", founded: "1950" } }))).toEqual({
      status: 422,
      paths: ["attributes.origin_country", "attributes.founded"],
    });
    const created = await api.brands.create({ ...brand, attributes: { origin_country: "BR", founded: 1950, free: "kept" } });
    expect(created.attributes).toEqual({ origin_country: "BR", founded: 1950, free: "kept" });

    // This resource group's own entities are checked too.
    await define(api, { entity: "payment_method", key: "erp_code", label: "ERP code", type: "STRING", required: true });
    await define(api, { entity: "delivery_method", key: "express", label: "Express", type: "BOOLEAN" });
    await define(api, { entity: "status", key: "sla_days", label: "SLA", type: "NUMBER" });
    expect(await failure(api.paymentMethods.create({ name: "x" }))).toEqual({ status: 422, paths: ["attributes.erp_code"] });
    expect(await failure(api.deliveryMethods.create({ ...pickup("x"), attributes: { express: "yes" } }))).toEqual({
      status: 422,
      paths: ["attributes.express"],
    });
    expect(await failure(api.statuses.create({ ...status("x"), attributes: { sla_days: "two" } }))).toEqual({
      status: 422,
      paths: ["attributes.sla_days"],
    });

    // An inactive definition checks nothing; another org is not affected.
    const required = (await api.entityAttributes.list({ entity: "payment_method" })).items[0]!;
    await api.entityAttributes.update({
      id: required.id,
      entity: "payment_method",
      key: "erp_code",
      label: "ERP code",
      type: "STRING",
      required: true,
      active: false,
    });
    await api.paymentMethods.create({ name: unique("No code") });
    const theirs = await (await newOrg()).as();
    await theirs.brands.create({ ...brand, attributes: {} });
  });

  it("keeps orgs apart and lets only ADMIN and MANAGER write", async () => {
    const org = await newOrg();
    const created = await define(await org.as(), { entity: "sale", key: "channel", label: "Channel", type: "STRING" });
    const theirs = await (await newOrg()).as();
    expect((await rejection(theirs.entityAttributes.get({ id: created.id }))).code).toBe("NOT_FOUND");
    expect((await theirs.entityAttributes.list({ entity: "sale" })).total).toBe(0);
    expect((await rejection(define(await org.as("SELLER"), { entity: "sale", key: "x", label: "x", type: "STRING" }))).code).toBe(
      "FORBIDDEN",
    );
  });
});
