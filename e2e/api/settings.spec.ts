import { API, expect, expectProblem, test, unique } from "../fixtures";

const missing = "00000000-0000-4000-8000-000000000000";

test.describe("statuses (/status)", () => {
  test("POST 201, GET 200, PUT 200, DELETE 200 with {id}; the list pages and filters by type", async ({ request, admin }) => {
    const title = unique("Separação");
    const created = await request.post(`${API}/status`, {
      headers: admin,
      data: { title, type: "ORDER", background_color: "#FFEEDD", font_color: "#112233", order: 7, unknown_field: 1 },
    });
    expect(created.status()).toBe(201);
    const status = await created.json();
    expect(status).toMatchObject({
      title,
      type: "ORDER",
      background_color: "#ffeedd",
      font_color: "#112233",
      order: 7,
      is_initial: false,
      is_final: false,
      attributes: {},
    });
    expect(status).not.toHaveProperty("unknown_field");
    expect(status).not.toHaveProperty("organization_id");

    const fetched = await request.get(`${API}/status/${status.id}`, { headers: admin });
    expect(fetched.status()).toBe(200);
    expect(await fetched.json()).toEqual(status);

    const updated = await request.put(`${API}/status/${status.id}`, {
      headers: admin,
      data: { title: `${title} 2`, type: "SALE", is_final: true },
    });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toMatchObject({ id: status.id, title: `${title} 2`, type: "SALE", is_final: true });

    const page = await request.get(`${API}/status?type=SALE&search=${encodeURIComponent(title)}&perPage=5`, { headers: admin });
    expect(page.status()).toBe(200);
    expect(await page.json()).toMatchObject({ currentPage: 0, perPage: 5, total: 1, items: [{ id: status.id }] });
    const defaults = await (await request.get(`${API}/status?type=FINANCIAL&perPage=100&sort=order`, { headers: admin })).json();
    expect(defaults.items.map((item: { title: string }) => item.title)).toEqual(
      expect.arrayContaining(["open", "paid", "partially paid", "overdue", "reversed", "canceled"]),
    );
    await expectProblem(await request.get(`${API}/status?type=SHIPPING`, { headers: admin }), 422);

    const removed = await request.delete(`${API}/status/${status.id}`, { headers: admin });
    expect(removed.status()).toBe(200);
    expect(await removed.json()).toEqual({ id: status.id });
  });

  test("GET, PUT and DELETE of one status answer 400 for a missing id or bad input; POST answers 422", async ({
    request,
    admin,
    otherAdmin,
  }) => {
    await expectProblem(await request.get(`${API}/status/${missing}`, { headers: admin }), 400);
    await expectProblem(await request.get(`${API}/status/not-a-uuid`, { headers: admin }), 400);
    await expectProblem(await request.put(`${API}/status/${missing}`, { headers: admin, data: { title: "x", type: "ORDER" } }), 400);
    await expectProblem(await request.delete(`${API}/status/${missing}`, { headers: admin }), 400);

    const status = await (await request.post(`${API}/status`, { headers: admin, data: { title: unique("Mine"), type: "ORDER" } })).json();
    const invalid = await expectProblem(
      await request.put(`${API}/status/${status.id}`, { headers: admin, data: { title: "", type: "ORDER", font_color: "blue" } }),
      400,
    );
    expect(invalid.errors?.map((error) => error.path).sort()).toEqual(["font_color", "title"]);
    await expectProblem(
      await request.put(`${API}/status/${status.id}`, { headers: { ...admin, "content-type": "application/json" }, data: "{not json" }),
      400,
    );
    // Another org's status is missing for this one: 400 as well.
    await expectProblem(await request.get(`${API}/status/${status.id}`, { headers: otherAdmin }), 400);
    await expectProblem(await request.delete(`${API}/status/${status.id}`, { headers: otherAdmin }), 400);

    const post = await expectProblem(await request.post(`${API}/status`, { headers: admin, data: { type: "LOGISTICS" } }), 422);
    expect(post.errors?.map((error) => error.path).sort()).toEqual(["title", "type"]);
  });

  test("choosing an initial status clears the previous one of that type", async ({ request, otherAdmin }) => {
    // In the second org, and put back at the end: other tests rely on the default initial statuses.
    const headers = otherAdmin;
    const type = "FINANCIAL";
    const initials = async () =>
      (await (await request.get(`${API}/status?type=${type}&perPage=100`, { headers })).json()).items.filter(
        (item: { is_initial: boolean }) => item.is_initial,
      );
    const [original] = await initials();
    const first = await (
      await request.post(`${API}/status`, { headers, data: { title: unique("Initial A"), type, is_initial: true } })
    ).json();
    const second = await (
      await request.post(`${API}/status`, { headers, data: { title: unique("Initial B"), type, is_initial: true } })
    ).json();
    try {
      expect((await initials()).map((item: { id: string }) => item.id)).toEqual([second.id]);
      expect((await (await request.get(`${API}/status/${first.id}`, { headers })).json()).is_initial).toBe(false);
    } finally {
      if (original) {
        const { id, created_at: _created, updated_at: _updated, ...body } = original;
        expect((await request.put(`${API}/status/${id}`, { headers, data: { ...body, is_initial: true } })).status()).toBe(200);
      }
      for (const id of [first.id, second.id]) await request.delete(`${API}/status/${id}`, { headers });
    }
    if (original) expect((await initials()).map((item: { id: string }) => item.id)).toEqual([original.id]);
  });

  test("needs credentials, and a role that manages to write", async ({ request, keyFor }) => {
    await expectProblem(await request.get(`${API}/status`), 401);
    const viewer = await keyFor("VIEWER");
    expect((await request.get(`${API}/status`, { headers: viewer })).status()).toBe(200);
    await expectProblem(await request.post(`${API}/status`, { headers: viewer, data: { title: "x", type: "ORDER" } }), 403);
  });
});

const cardBody = (name: string, secret: string) => ({
  name,
  type: "CREDIT_CARD",
  minimum_value: 10,
  maximum_value: 1000,
  adjustment_rate: 1.5,
  minimum_installment_value: 50,
  always_visible: true,
  capture_delay: false,
  provider: { vendor: "Rede", access_key: "pv-123", secret_key: secret, attributes: { mode: "test" } },
  condition: { type: "INSTALLMENTS", due_date: { type: "DELAY", value: 30 }, subsequent_due_date: { type: "DELAY", value: 30 } },
  installments: [
    { sequence: 1, installment_id: "1x", tax: 0, discount: 0, due_date_delay: 30, due_date_type: "DELAY" },
    { sequence: 2, installment_id: "2x", tax: 2.49, discount: 0, due_date_delay: 60, due_date_type: "DELAY" },
  ],
  attributes: { erp: "CC01" },
});

test.describe("payment methods", () => {
  test("POST 201, GET 200, PUT 200, DELETE 204; the secret is answered masked and kept when sent back masked", async ({
    request,
    admin,
  }) => {
    const name = unique("Cartão Rede");
    const secret = "rede_secret_0123456789";
    const created = await request.post(`${API}/payment-methods`, { headers: admin, data: cardBody(name, secret) });
    expect(created.status()).toBe(201);
    const method = await created.json();
    const masked = `${"*".repeat(secret.length - 4)}6789`;
    expect(method).toMatchObject({
      name,
      type: "CREDIT_CARD",
      minimum_value: 10,
      maximum_value: 1000,
      adjustment_rate: 1.5,
      vendor: "Rede",
      provider: { vendor: "Rede", access_key: "pv-123", secret_key: masked, image: null, attributes: { mode: "test" } },
      condition: { type: "INSTALLMENTS", due_date: { type: "DELAY", value: 30 } },
    });
    expect(method.installments[1]).toMatchObject({ sequence: 2, tax: 2.49, payment_method_id: method.id, id: expect.any(String) });
    expect(JSON.stringify(method)).not.toContain(secret);
    expect(method).not.toHaveProperty("provider_secret_encrypted");

    const fetched = await request.get(`${API}/payment-methods/${method.id}`, { headers: admin });
    expect(fetched.status()).toBe(200);
    expect(await fetched.json()).toEqual(method);

    const body = cardBody(`${name} 2`, masked);
    const updated = await request.put(`${API}/payment-methods/${method.id}`, { headers: admin, data: body });
    expect(updated.status()).toBe(200);
    expect((await updated.json()).provider.secret_key).toBe(masked);
    const { secret_key: _secret, ...providerWithoutSecret } = body.provider;
    const omitted = await request.put(`${API}/payment-methods/${method.id}`, {
      headers: admin,
      data: { ...body, provider: providerWithoutSecret },
    });
    expect((await omitted.json()).provider.secret_key).toBe(masked);

    const removed = await request.delete(`${API}/payment-methods/${method.id}`, { headers: admin });
    expect(removed.status()).toBe(204);
    expect(await removed.text()).toBe("");
    await expectProblem(await request.get(`${API}/payment-methods/${method.id}`, { headers: admin }), 404);
  });

  test("the list answers exactly the list record fields and filters by only_active, vendor, always_visible, with_vendor", async ({
    request,
    admin,
  }) => {
    const tag = unique("PM").replace(" ", "");
    for (const data of [
      cardBody(`${tag} card`, "s3cret-s3cret"),
      { name: `${tag} pix`, type: "PIX", always_visible: false },
      { name: `${tag} boleto`, type: "BOLETO", active: false, provider: { vendor: "Bradesco" } },
    ]) {
      expect((await request.post(`${API}/payment-methods`, { headers: admin, data })).status()).toBe(201);
    }
    const list = async (query: string) => {
      const response = await request.get(`${API}/payment-methods?search=${tag}&sort=name${query}`, { headers: admin });
      expect(response.status()).toBe(200);
      return (await response.json()) as { total: number; items: Array<Record<string, unknown>> };
    };
    const all = await list("");
    expect(all.total).toBe(3);
    expect(Object.keys(all.items[0]!).sort()).toEqual(
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
    const names = async (query: string) => (await list(query)).items.map((item) => String(item.name).replace(`${tag} `, ""));
    expect(await names("&only_active=true")).toEqual(["card", "pix"]);
    expect(await names("&vendor=Bradesco")).toEqual(["boleto"]);
    expect(await names("&always_visible=true")).toEqual(["card"]);
    expect(await names("&always_visible=false")).toEqual(["boleto", "pix"]);
    expect(await names("&with_vendor=true")).toEqual(["boleto", "card"]);
    expect(await names("&with_vendor=false")).toEqual(["pix"]);
    await expectProblem(await request.get(`${API}/payment-methods?only_active=maybe`, { headers: admin }), 422);
  });

  test("422 for bad fields and a minimum above the maximum; 404 for a missing or foreign id", async ({ request, admin, otherAdmin }) => {
    const bad = await expectProblem(
      await request.post(`${API}/payment-methods`, { headers: admin, data: { name: "", type: "CHEQUE" } }),
      422,
    );
    expect(bad.errors?.map((error) => error.path).sort()).toEqual(["name", "type"]);
    const range = await expectProblem(
      await request.post(`${API}/payment-methods`, { headers: admin, data: { name: "x", minimum_value: 100, maximum_value: 10 } }),
      422,
    );
    expect(range.errors).toEqual([
      expect.objectContaining({ path: "maximum_value", message: expect.any(String), code: expect.any(String) }),
    ]);
    const repeated = await expectProblem(
      await request.post(`${API}/payment-methods`, {
        headers: admin,
        data: { name: "x", installments: [{ sequence: 1 }, { sequence: 1 }] },
      }),
      422,
    );
    expect(repeated.errors?.map((error) => error.path)).toEqual(["installments.1.sequence"]);

    const method = await (await request.post(`${API}/payment-methods`, { headers: admin, data: { name: unique("Foreign") } })).json();
    await expectProblem(await request.get(`${API}/payment-methods/${method.id}`, { headers: otherAdmin }), 404);
    await expectProblem(await request.put(`${API}/payment-methods/${method.id}`, { headers: otherAdmin, data: { name: "x" } }), 404);
    await expectProblem(await request.delete(`${API}/payment-methods/${method.id}`, { headers: otherAdmin }), 404);
    await expectProblem(await request.put(`${API}/payment-methods/${missing}`, { headers: admin, data: { name: "x" } }), 404);
  });
});

test.describe("delivery methods", () => {
  test("POST 201, GET 200, PUT 200, DELETE 204 with no body, the paged list and its type filter", async ({ request, admin }) => {
    const name = unique("Frota");
    const created = await request.post(`${API}/delivery-methods`, {
      headers: admin,
      data: {
        name,
        type: "OWN_FLEET",
        price_type: "FIXED",
        price: 39.9,
        custom_label: "Amanhã",
        period_type: "DAYS",
        period_start: 1,
        period_end: 2,
      },
    });
    expect(created.status()).toBe(201);
    const method = await created.json();
    expect(method).toMatchObject({
      name,
      type: "OWN_FLEET",
      price_type: "FIXED",
      price: 39.9,
      active: true,
      period_type: "DAYS",
      period_start: 1,
      period_end: 2,
    });
    expect((await request.get(`${API}/delivery-methods/${method.id}`, { headers: admin })).status()).toBe(200);

    const updated = await request.put(`${API}/delivery-methods/${method.id}`, {
      headers: admin,
      data: { name, type: "CARRIER", price_type: "PER_WEIGHT", price: 3.5 },
    });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toMatchObject({ type: "CARRIER", price: 3.5, period_type: null });

    const page = await (
      await request.get(`${API}/delivery-methods?search=${encodeURIComponent(name)}&type=CARRIER`, { headers: admin })
    ).json();
    expect(page).toMatchObject({ currentPage: 0, total: 1, items: [{ id: method.id, name }] });
    expect(
      (await (await request.get(`${API}/delivery-methods?search=${encodeURIComponent(name)}&type=PICKUP`, { headers: admin })).json())
        .total,
    ).toBe(0);

    const removed = await request.delete(`${API}/delivery-methods/${method.id}`, { headers: admin });
    expect(removed.status()).toBe(204);
    expect(await removed.text()).toBe("");
    await expectProblem(await request.get(`${API}/delivery-methods/${method.id}`, { headers: admin }), 404);
  });

  test("GET one 404, PUT and POST 422 with one error per failing field", async ({ request, admin, otherAdmin }) => {
    await expectProblem(await request.get(`${API}/delivery-methods/${missing}`, { headers: admin }), 404);
    const post = await expectProblem(
      await request.post(`${API}/delivery-methods`, { headers: admin, data: { name: "x", type: "DRONE", price_type: "FIXED" } }),
      422,
    );
    expect(post.errors?.map((error) => error.path).sort()).toEqual(["type"]);
    const price = await expectProblem(
      await request.post(`${API}/delivery-methods`, { headers: admin, data: { name: "x", type: "CARRIER", price_type: "FIXED" } }),
      422,
    );
    expect(price.errors?.map((error) => error.path)).toEqual(["price"]);
    const method = await (
      await request.post(`${API}/delivery-methods`, {
        headers: admin,
        data: { name: unique("Retirada"), type: "PICKUP", price_type: "FREE" },
      })
    ).json();
    const put = await expectProblem(
      await request.put(`${API}/delivery-methods/${method.id}`, {
        headers: admin,
        data: { name: "", type: "PICKUP", price_type: "FREE", period_start: 5, period_end: 1 },
      }),
      422,
    );
    expect(put.errors?.map((error) => error.path)).toEqual(["name"]);
    const period = await expectProblem(
      await request.put(`${API}/delivery-methods/${method.id}`, {
        headers: admin,
        data: { name: "x", type: "PICKUP", price_type: "FREE", period_start: 5, period_end: 1 },
      }),
      422,
    );
    expect(period.errors?.map((error) => error.path)).toEqual(["period_end"]);
    await expectProblem(await request.get(`${API}/delivery-methods/${method.id}`, { headers: otherAdmin }), 404);
  });

  test("opening hours: GET and PUT take and answer a bare JSON array, PUT replaces the list, overlaps are 422 naming the item", async ({
    request,
    admin,
    otherAdmin,
    keyFor,
  }) => {
    const method = await (
      await request.post(`${API}/delivery-methods`, {
        headers: admin,
        data: { name: unique("Transportadora"), type: "CARRIER", price_type: "FIXED", price: 20 },
      })
    ).json();
    const path = `${API}/delivery-methods/${method.id}/opening-hours`;
    const empty = await request.get(path, { headers: admin });
    expect(empty.status()).toBe(200);
    expect(await empty.json()).toEqual([]);

    const week = [
      { weekday: 5, open_time: "13:00", close_time: "17:00" },
      { weekday: 1, open_time: "08:00", close_time: "12:00" },
      { weekday: 5, open_time: "08:00", close_time: "12:00" },
    ];
    const put = await request.put(path, { headers: admin, data: week });
    expect(put.status()).toBe(200);
    const sorted = [week[1], week[2], week[0]];
    expect(await put.json()).toEqual(sorted);
    expect(await (await request.get(path, { headers: admin })).json()).toEqual(sorted);

    const overlap = await expectProblem(
      await request.put(path, { headers: admin, data: [...week, { weekday: 5, open_time: "11:00", close_time: "14:00" }] }),
      422,
    );
    expect(overlap.errors).toEqual([
      expect.objectContaining({ path: "3.open_time", message: expect.stringContaining("overlaps"), code: expect.any(String) }),
    ]);
    const backwards = await expectProblem(
      await request.put(path, { headers: admin, data: [{ weekday: 2, open_time: "18:00", close_time: "09:00" }] }),
      422,
    );
    expect(backwards.errors?.map((error) => error.path)).toEqual(["0.open_time"]);
    const malformed = await expectProblem(
      await request.put(path, { headers: admin, data: [{ weekday: 9, open_time: "9am", close_time: "12:00" }] }),
      422,
    );
    expect(malformed.errors?.map((error) => error.path).sort()).toEqual(["0.open_time", "0.weekday"]);
    // An object is not the array: refused, not read as one.
    await expectProblem(await request.put(path, { headers: admin, data: { hours: week } }), 422);
    await expectProblem(await request.put(path, { headers: admin, data: week[0] }), 422);
    expect(await (await request.get(path, { headers: admin })).json()).toEqual(sorted);

    const cleared = await request.put(path, { headers: admin, data: [] });
    expect(cleared.status()).toBe(200);
    expect(await cleared.json()).toEqual([]);

    await expectProblem(await request.get(`${API}/delivery-methods/${missing}/opening-hours`, { headers: admin }), 404);
    await expectProblem(await request.get(path, { headers: otherAdmin }), 404);
    await expectProblem(await request.put(path, { headers: otherAdmin, data: week }), 404);
    await expectProblem(await request.put(path, { headers: await keyFor("SELLER"), data: week }), 403);
  });
});

test.describe("entity attributes", () => {
  test("POST 201, GET 200, PUT 200, DELETE 204; the list filters by entity; a repeated key is 409", async ({ request, admin }) => {
    const key = `tier_${crypto.randomUUID().slice(0, 8)}`;
    const created = await request.post(`${API}/entity-attributes`, {
      headers: admin,
      data: { entity: "sale", key, label: "Tier", type: "SELECT", options: ["Ouro", "Prata"] },
    });
    expect(created.status()).toBe(201);
    const definition = await created.json();
    expect(definition).toMatchObject({
      entity: "sale",
      key,
      label: "Tier",
      type: "SELECT",
      options: ["Ouro", "Prata"],
      required: false,
      active: true,
    });
    expect((await request.get(`${API}/entity-attributes/${definition.id}`, { headers: admin })).status()).toBe(200);

    const list = await (await request.get(`${API}/entity-attributes?entity=sale&search=${key}`, { headers: admin })).json();
    expect(list).toMatchObject({ total: 1, items: [{ id: definition.id }] });
    expect((await (await request.get(`${API}/entity-attributes?entity=order&search=${key}`, { headers: admin })).json()).total).toBe(0);

    const duplicate = await request.post(`${API}/entity-attributes`, {
      headers: admin,
      data: { entity: "sale", key, label: "Again", type: "STRING" },
    });
    await expectProblem(duplicate, 409);

    const updated = await request.put(`${API}/entity-attributes/${definition.id}`, {
      headers: admin,
      data: { entity: "sale", key, label: "Tier (active)", type: "SELECT", options: ["Ouro", "Prata", "Bronze"], active: false },
    });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toMatchObject({ label: "Tier (active)", options: ["Ouro", "Prata", "Bronze"], active: false });

    const removed = await request.delete(`${API}/entity-attributes/${definition.id}`, { headers: admin });
    expect(removed.status()).toBe(204);
    expect(await removed.text()).toBe("");
    await expectProblem(await request.get(`${API}/entity-attributes/${definition.id}`, { headers: admin }), 404);
  });

  test("422 for a SELECT without options or an unsafe key; a definition checks the writes of its entity", async ({
    request,
    admin,
    otherAdmin,
  }) => {
    const select = await expectProblem(
      await request.post(`${API}/entity-attributes`, { headers: admin, data: { entity: "partner", key: "x", label: "X", type: "SELECT" } }),
      422,
    );
    expect(select.errors?.map((error) => error.path)).toEqual(["options"]);
    const unsafe = await expectProblem(
      await request.post(`${API}/entity-attributes`, {
        headers: admin,
        data: { entity: "partner", key: "a.b", label: "X", type: "STRING" },
      }),
      422,
    );
    expect(unsafe.errors?.map((error) => error.path)).toEqual(["key"]);

    // A required definition on delivery methods, in the second org so that parallel tests
    // creating delivery methods in the first one are not affected.
    const key = `dock_${crypto.randomUUID().slice(0, 8)}`;
    const definition = await (
      await request.post(`${API}/entity-attributes`, {
        headers: otherAdmin,
        data: { entity: "delivery_method", key, label: "Dock", type: "NUMBER", required: true },
      })
    ).json();
    try {
      const body = { name: unique("Doca"), type: "PICKUP", price_type: "FREE" };
      const missingValue = await expectProblem(await request.post(`${API}/delivery-methods`, { headers: otherAdmin, data: body }), 422);
      expect(missingValue.errors).toEqual([
        expect.objectContaining({ path: `attributes.${key}`, message: expect.any(String), code: expect.any(String) }),
      ]);
      const wrongType = await expectProblem(
        await request.post(`${API}/delivery-methods`, { headers: otherAdmin, data: { ...body, attributes: { [key]: "three" } } }),
        422,
      );
      expect(wrongType.errors?.map((error) => error.path)).toEqual([`attributes.${key}`]);
      const saved = await request.post(`${API}/delivery-methods`, { headers: otherAdmin, data: { ...body, attributes: { [key]: 3 } } });
      expect(saved.status()).toBe(201);
      await request.delete(`${API}/delivery-methods/${(await saved.json()).id}`, { headers: otherAdmin });
    } finally {
      await request.delete(`${API}/entity-attributes/${definition.id}`, { headers: otherAdmin });
    }
  });
});
