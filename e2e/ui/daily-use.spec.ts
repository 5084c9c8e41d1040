import type { APIRequestContext } from "@playwright/test";
import { API, expect, login, test, unique, type Headers } from "../fixtures";
import { ORGS } from "../orgs";
import { formatNfeKey } from "../../server/lib/nfe-key";
import { BANK_LINE, BR_CODE, newCnpj, newOrder, nfeKey, post, stockUp } from "./order-data";
import { signIn, toast } from "./panel";

/**
 * What a sales-operations analyst trips on in daily use (issue 31): orders are known by a
 * number, statuses and people are named in Portuguese, dates are São Paulo's, and a record
 * just created can be edited at once.
 */

async function get(request: APIRequestContext, headers: Headers, path: string) {
  const response = await request.get(`${API}${path}`, { headers });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** A receivable of a partner, open, due on a day (a calendar date: that day in São Paulo). */
async function newReceivable(
  request: APIRequestContext,
  headers: Headers,
  data: { partner_id: string; value: number; due_date: string; type: string; order_id?: string },
) {
  const statuses = await get(request, headers, "/status?type=FINANCIAL&perPage=100");
  const open = statuses.items.find((status: { is_initial: boolean }) => status.is_initial);
  return post(request, headers, "/financials", {
    paying_off_value: 0,
    paying_off_date: null,
    reversed_value: 0,
    reversed_date: null,
    status: open.id,
    ...data,
  });
}

const numbered = (number: number) => new Intl.NumberFormat("pt-BR").format(number);

test("an order is known by its number: the list finds “nº N”, and its page, print, PDF and receivables name it so", async ({
  page,
  request,
  admin,
}) => {
  const { partner, order } = await newOrder(request, admin);
  const { number } = await get(request, admin, `/orders/${order.id}`);
  expect(number).toBeGreaterThan(0);
  const name = `Pedido nº ${numbered(number)}`;

  // The list opens newest first and finds the order by its number as people type it.
  await signIn(page, { path: "/orders" });
  const table = page.getByRole("table", { name: "Pedidos" });
  await expect(table.getByRole("columnheader", { name: "Data da negociação" })).toHaveAttribute("aria-sort", "descending");
  await page.getByRole("searchbox").fill(`nº ${numbered(number)}`);
  await expect(table.getByRole("row")).toHaveCount(2);
  await table.getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Trilha de navegação" })).toContainText(name);
  // The order's default status speaks Portuguese.
  await expect(page.getByRole("main")).toContainText("Novo");
  await expect(page.getByRole("main")).toContainText(partner.name);

  await page.goto(`/orders/${order.id}/print`);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();

  const pdf = await request.get(`${API}/orders/${order.id}/pdf`, { headers: admin });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-disposition"]).toBe(`attachment; filename="pedido-${number}.pdf"`);

  // A receivable of the order links back to it by its number.
  const receivable = await newReceivable(request, admin, {
    partner_id: partner.id,
    order_id: order.id,
    value: 180,
    due_date: "2026-12-10",
    type: "BOLETO",
  });
  expect((await get(request, admin, `/financials/${receivable.id}`)).status).toBe(
    (await get(request, admin, "/status?type=FINANCIAL&perPage=100")).items.find(
      (status: { title: string }) => status.title === "Em aberto",
    ).id,
  );
  await page.goto(`/financials/${receivable.id}`);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
});

test("an order's timeline names statuses and who moved it, and an invoice added is one line, never ids", async ({
  page,
  request,
  admin,
}) => {
  const { order } = await newOrder(request, admin);
  const statuses = await get(request, admin, "/status?type=ORDER&perPage=100");
  const confirmed = statuses.items.find((status: { phase: string }) => status.phase === "CONFIRMED");
  const detail = await get(request, admin, `/orders/${order.id}`);
  const key = nfeKey();
  const keep = {
    partner_id: detail.partner_id,
    negotiation_date: detail.negotiation_date,
    order_value: detail.order_value,
    discount_value: detail.discount_value,
    freight_value: detail.freight_value,
    total_value: detail.total_value,
  };
  for (const change of [{ status: confirmed.id }, { invoices: [{ invoice_key: key }] }, { freight_value: 30, total_value: 190 }]) {
    const response = await request.put(`${API}/orders/${order.id}`, { headers: admin, data: { ...keep, ...change } });
    expect(response.status(), await response.text()).toBe(200);
  }
  await signIn(page, { path: `/orders/${order.id}` });
  const timeline = page.getByRole("list", { name: "Atividade" });
  await expect(timeline).toContainText(`Novo → ${confirmed.title}`);
  await expect(timeline).toContainText(`NF-e ${formatNfeKey(key).slice(0, 14)}… adicionada`);
  await expect(timeline).toContainText("R$ 20,00 → R$ 30,00");
  const text = (await timeline.textContent()) ?? "";
  expect(text).not.toMatch(/[0-9a-f]{8}…|[0-9a-f]{8}-[0-9a-f]{4}-|user:/);
  expect(text).not.toContain("invoice_key");
});

test("lists and the palette find a partner by its CNPJ with or without the mask, its CEP and its phone", async ({
  page,
  request,
  admin,
}) => {
  const cnpj = newCnpj();
  const masked = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
  const partner = await post(request, admin, "/partners", {
    name: unique("Ferragens Mascaradas"),
    fiscal_registration_number: cnpj,
    phone: `(19) 3${cnpj.slice(0, 3)}-${cnpj.slice(3, 7)}`,
    addresses: [
      {
        name: "Matriz",
        type: "COMMERCIAL",
        street: "Rua Um",
        number: "1",
        city: "Campinas",
        state: "SP",
        postal_code: `13${cnpj.slice(7, 10)}-${cnpj.slice(10, 13)}`,
        country: "BR",
      },
    ],
  });
  await signIn(page, { path: "/partners" });
  const table = page.getByRole("table", { name: "Parceiros" });
  for (const typed of [masked, cnpj, `13${cnpj.slice(7, 10)}-${cnpj.slice(10, 13)}`, `(19) 3${cnpj.slice(0, 3)}-${cnpj.slice(3, 7)}`]) {
    await page.getByRole("searchbox").fill(typed);
    await expect(table.getByRole("row"), typed).toHaveCount(2);
    await expect(table.getByRole("row").nth(1)).toContainText(partner.name);
  }
  await page.keyboard.press("Control+k");
  const dialog = page.getByRole("dialog", { name: "Busca" });
  await dialog.getByRole("combobox").fill(masked);
  await expect(dialog.getByRole("group", { name: "Parceiros" }).getByRole("option", { name: new RegExp(partner.name) })).toBeVisible();
});

/** The 26 list pages, each by its title: one skeleton draws them all (ResourceListPage). */
const LISTS = [
  ["/brands", "Marcas"],
  ["/categories?view=table", "Categorias"],
  ["/products", "Produtos"],
  ["/alternative-units", "Unidades alternativas"],
  ["/measure-units", "Unidades de medida"],
  ["/variations", "Variações"],
  ["/warehouses", "Depósitos"],
  ["/profiles", "Perfis"],
  ["/partners", "Parceiros"],
  ["/sellers", "Vendedores"],
  ["/companies", "Empresas"],
  ["/statuses", "Situações"],
  ["/payment-methods", "Formas de pagamento"],
  ["/delivery-methods", "Formas de entrega"],
  ["/custom-fields", "Campos personalizados"],
  ["/users", "Usuários"],
  ["/access-keys", "Chaves de acesso"],
  ["/webhooks", "Webhooks"],
  ["/sales", "Vendas"],
  ["/financials", "Contas a receber"],
  ["/solutions", "Canais de venda"],
  ["/orders", "Pedidos"],
  ["/approvals", "Liberação de pedidos"],
  ["/coupons", "Cupons"],
  ["/discounts", "Descontos"],
  ["/price-tables", "Tabelas de preço"],
  ["/stock", "Estoque"],
] as const;

test("every list is the same tool: its title, search, filters, saved views, columns and the CSV of what it shows", async ({ page }) => {
  test.slow();
  await signIn(page, { path: "/brands" });
  for (const [path, title] of LISTS) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: title }), path).toBeVisible();
    await expect(page.getByRole("table", { name: title }), path).toBeVisible();
    if (path !== "/access-keys") await expect(page.getByRole("searchbox"), path).toBeVisible();
    await expect(page.getByRole("button", { name: "Visões" }), path).toBeVisible();
    // A list of two columns has nothing to choose.
    if (path !== "/solutions") await expect(page.getByRole("button", { name: "Colunas" }), path).toBeVisible();
    await expect(page.getByRole("link", { name: "Exportar CSV" }), path).toHaveAttribute("href", /^\/api\/b2b\/exports\/[a-z-]+\?/);
  }
});

test("orders and receivables are filtered by any partner, found by what staff type (its CNPJ), not only the first hundred", async ({
  page,
  request,
  admin,
}) => {
  const cnpj = newCnpj();
  const partner = await post(request, admin, "/partners", { name: unique("Zzz Filtro Parceiro"), fiscal_registration_number: cnpj });
  const { order } = await newOrder(request, admin, { partner });
  const full = await get(request, admin, `/orders/${order.id}`);
  await newReceivable(request, admin, { partner_id: partner.id, value: 10, due_date: "2026-06-10", type: "BOLETO" });
  for (const [path, title, row] of [
    ["/orders", "Pedidos", numbered(full.number)],
    ["/financials", "Contas a receber", partner.name],
  ] as const) {
    await signIn(page, { path });
    await page.getByRole("combobox", { name: /^Parceiro/ }).click();
    await page.getByPlaceholder("Filtrar as opções…").fill(cnpj);
    await page.getByRole("option", { name: partner.name }).click();
    await expect(page).toHaveURL(new RegExp(`partner_id=${partner.id}`));
    const table = page.getByRole("table", { name: title });
    await expect(table.getByRole("row"), path).toHaveCount(2);
    await expect(table.getByRole("row").nth(1), path).toContainText(row);
  }
});

test("the order form takes coupons: chosen when creating, kept or removed when editing", async ({ page, request, admin }) => {
  const tag = unique("Cupom");
  const partner = await post(request, admin, "/partners", { name: `Cliente ${tag}`, fiscal_registration_number: newCnpj() });
  const product = await post(request, admin, "/products", { name: `Serra ${tag}`, price: 50 });
  await stockUp(request, admin, product.id, 10);
  const code = `E2E${unique("c").slice(2, 8).toUpperCase()}`;
  const coupon = await post(request, admin, "/coupons", { code, name: `Boas-vindas ${tag}`, value: 10, value_type: "PERCENTAGE" });

  await signIn(page, { path: "/orders/new" });
  await page.getByLabel("Parceiro").click();
  await page.getByRole("option", { name: partner.name }).click();
  await page.getByRole("combobox", { name: "Adicionar produto" }).fill(product.name);
  await page.getByRole("option", { name: `Adicionar ${product.name}` }).click();
  await page.getByRole("combobox", { name: "Adicionar cupom" }).click();
  await page.getByRole("option", { name: new RegExp(code) }).click();
  await expect(page.getByRole("list", { name: "Cupons" })).toContainText(`${code} · Boas-vindas ${tag} · 10%`);
  await page.getByRole("button", { name: "Criar pedido" }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").at(-1)!;
  expect((await get(request, admin, `/orders/${id}`)).coupons.map((link: { coupon_id: string }) => link.coupon_id)).toEqual([coupon.id]);
  expect((await get(request, admin, `/coupons/${coupon.id}`)).uses).toBe(1);

  await page.goto(`/orders/${id}/edit`);
  await page.getByRole("button", { name: `Remover o cupom ${code}` }).click();
  await expect(page.getByText("Nenhum cupom.")).toBeVisible();
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${id}$`));
  expect((await get(request, admin, `/orders/${id}`)).coupons).toEqual([]);
  expect((await get(request, admin, `/coupons/${coupon.id}`)).uses).toBe(0);
});

test("a receivable's form takes its boleto's linha digitável and its PIX copia e cola, checked before saving", async ({
  page,
  request,
  admin,
}) => {
  const [bankLine, brCode] = [BANK_LINE, BR_CODE];
  const partner = await post(request, admin, "/partners", { name: unique("Cobrado"), fiscal_registration_number: newCnpj() });
  const receivable = await newReceivable(request, admin, { partner_id: partner.id, value: 140.21, due_date: "2026-12-20", type: "BOLETO" });
  await signIn(page, { path: `/financials/${receivable.id}` });
  const barCode = page.getByRole("textbox", { name: "Código de barras ou linha digitável do boleto" });
  await barCode.fill(`${bankLine.slice(0, -1)}0`);
  await barCode.blur();
  await expect(page.getByText(/deve ser o código de barras \(44 dígitos\) ou a linha digitável/)).toBeVisible();
  await barCode.fill(bankLine);
  await page.getByRole("textbox", { name: "PIX copia e cola" }).fill(brCode);
  await page.getByRole("button", { name: "Salvar cobrança" }).click();
  await expect(toast(page, "Cobrança salva")).toBeVisible();
  const stored = await get(request, admin, `/financials/${receivable.id}`);
  expect(stored.payment_billet.bar_code).toBe(bankLine);
  expect(stored.pix.qr_code).toBe(brCode);
  // The page then shows how to pay: the boleto and the PIX, each to copy.
  await expect(page.getByRole("region", { name: "Código de barras do boleto" })).toBeVisible();
});

test.describe("prices and a sale without the demo's discounts", () => {
  // The demo org's discounts would change the price: in an org without demo data.
  test.use({ org: ORGS.other });

  test("one rounding, one number: the simulator's total is what an order line of its price totals, and a sale's page adds up", async ({
    page,
    request,
    org,
  }) => {
    const admin = { authorization: `Bearer ${await login(request, org)}` };
    const tag = unique("Arredonda");
    const product = await post(request, admin, "/products", { name: `Furadeira ${tag}`, price: 189.9 });
    // 189,90 − 14,5% = 162,3645 a unit: 162,36 once rounded; 12 of them are 1.948,32 (not 1.948,37).
    await post(request, admin, "/price-tables", {
      name: `Tabela ${tag}`,
      start_date: "2026-01-01",
      is_partner_specific: false,
      is_profile_specific: false,
      is_company_specific: false,
      is_payment_method_specific: false,
      criteria: [{ rate_type: "DECREASE", value_type: "PERCENTAGE", value: 14.5, products: [{ product_id: product.id }] }],
    });
    await signIn(page, { user: org, path: "/price-simulator" });
    await page.getByRole("searchbox").first().fill(product.name);
    await page.getByRole("combobox", { name: "Produto" }).click();
    await page.getByRole("option", { name: new RegExp(product.name) }).click();
    await page.getByLabel("Quantidade").fill("12");
    await page.getByRole("textbox", { name: "Data" }).fill("15/06/2026");
    await page.getByRole("button", { name: "Calcular" }).click();
    await expect(page.getByTestId("unit-price")).toHaveText(/162,36/);
    await expect(page.getByTestId("total-value")).toHaveText(/1\.948,32/);

    // A sale: 2 × 150,00 + 58,89 of freight − 10,00 of discount = 348,89.
    const partner = await post(request, admin, "/partners", { name: `Cliente ${tag}`, fiscal_registration_number: newCnpj() });
    // A service: no stock to move (this org has no warehouse).
    const item = await post(request, admin, "/products", { name: `Instalação ${tag}`, price: 150, track_stock: false });
    const pix = await post(request, admin, "/payment-methods", { name: `PIX ${tag}`, type: "PIX" });
    const sale = await post(request, admin, "/sales", {
      partner_id: partner.id,
      created_at: new Date().toISOString(),
      updated_by: "loja",
      full_value: 358.89,
      total_value: 348.89,
      freight: { amount: 58.89 },
      discount: [{ type: "PROMOTION", amount: 10 }],
      items: [{ product_id: item.id, quantity: 2, unit_value: 150 }],
      payments: [{ payment_method_id: pix.id, amount: 348.89, installments: 1 }],
    });
    await page.goto(`/sales/${sale.id}`);
    const summary = page.getByRole("main");
    const figures: Array<[string, string]> = [
      ["Subtotal", "R$ 300,00"],
      ["Frete", "R$ 58,89"],
      ["Descontos", "R$ 10,00"],
      ["Total", "R$ 348,89"],
    ];
    for (const [label, amount] of figures) {
      const fact = summary.locator("dl > div").filter({ has: page.locator("dt").getByText(label, { exact: true }) });
      await expect(fact.locator("dd"), label).toHaveText(amount);
    }
    // The order it made is named by its number.
    const { order_number: number } = await get(request, admin, `/sales/${sale.id}`);
    await expect(summary.getByRole("link", { name: `Pedido nº ${numbered(number)}` })).toBeVisible();
  });
});

test("a refusal reaches staff in their language, by its code: never the server's English", async ({ page, request, admin }) => {
  const abbreviation = `U${unique("x").slice(2, 8).toUpperCase()}`;
  await post(request, admin, "/measure-units", { abbreviation, description: "Unidade repetida", decimals_for_quantity: 0, active: true });
  await signIn(page, { path: "/measure-units/new" });
  await page.getByRole("textbox", { name: "Sigla" }).fill(abbreviation);
  await page.getByRole("textbox", { name: "Descrição" }).fill("Outra unidade");
  await page.getByRole("button", { name: "Criar unidade de medida" }).click();
  await expect(toast(page, "Já existe um registro com esses dados.")).toBeVisible();
  await expect(page.getByText(/already exists/)).toHaveCount(0);
});

test("a payment date typed near midnight UTC is that day in São Paulo: stored and shown as the day typed", async ({
  page,
  request,
  admin,
}) => {
  // 23:30 of 26/11 in São Paulo: already 27/11 in UTC.
  await page.clock.setFixedTime(new Date("2026-11-27T02:30:00.000Z"));
  const partner = await post(request, admin, "/partners", {
    name: unique("Pagador da meia-noite"),
    fiscal_registration_number: "11222333000181",
  });
  const receivable = await newReceivable(request, admin, { partner_id: partner.id, value: 99.9, due_date: "2026-11-26", type: "PIX" });
  // A calendar date sent to the API is that day in São Paulo too.
  expect(receivable.due_date).toBe("2026-11-26T03:00:00.000Z");

  await signIn(page, { path: `/financials/${receivable.id}` });
  const paidDate = page.getByRole("textbox", { name: "Data do pagamento" });
  // Today, where the back office lives.
  await expect(paidDate).toHaveValue("26/11/2026");
  await paidDate.fill("26/11/2026");
  await page.getByRole("button", { name: "Registrar pagamento" }).click();
  await expect(toast(page, "Pagamento registrado")).toBeVisible();
  const stored = await get(request, admin, `/financials/${receivable.id}`);
  expect(stored.paying_off_date).toBe("2026-11-26T03:00:00.000Z");
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Data do pagamento" })).toHaveValue("26/11/2026");
  await expect(page.getByRole("main")).toContainText("26/11/2026");
  await expect(page.getByRole("main")).not.toContainText("25/11/2026");
});

test.describe("a record just created", () => {
  // A custom field of products changes every product form of its org: in an org of its own.
  test.use({ org: ORGS.other });

  test("is edited at once: its custom fields are not taken for extra attributes", async ({ page, request, org }) => {
    const headers = { authorization: `Bearer ${await login(request, org)}` };
    const key = `garantia_${unique("m").slice(2)}`;
    await post(request, headers, "/entity-attributes", { entity: "product", key, label: "Garantia (meses)", type: "NUMBER" });
    const name = unique("Furadeira de bancada");

    await signIn(page, { user: org, path: "/products/new" });
    await page.getByRole("textbox", { name: "Nome" }).fill(name);
    await page.getByRole("textbox", { name: "Garantia (meses)" }).fill("12");
    await page.getByRole("button", { name: "Criar produto" }).click();
    await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
    await page.getByRole("textbox", { name: "Nome" }).fill(`${name} 220 V`);
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(toast(page, `Produto “${name} 220 V” salvo`)).toBeVisible();
    await expect(page.getByText("se repete")).toHaveCount(0);
    const [product] = (await get(request, headers, `/products?search=${encodeURIComponent(`${name} 220 V`)}`)).items;
    expect(product.attributes[key]).toBe(12);
  });
});

test.describe("on a phone (390 × 844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the order, the order form and the dashboard fit the screen: no sideways scroll, long names included", async ({
    page,
    request,
    admin,
  }) => {
    const tag = unique("Longo");
    const partner = await post(request, admin, "/partners", {
      name: `Distribuidora de Materiais Elétricos, Hidráulicos e de Construção Irmãos Albuquerque ${tag} Ltda`,
      fiscal_registration_number: newCnpj(),
    });
    const { order } = await newOrder(request, admin, { partner });
    await signIn(page, { path: `/orders/${order.id}` });
    const fits = async (path: string) => {
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect(widths.page, `${path} is ${widths.page} px wide`).toBeLessThanOrEqual(widths.screen);
    };
    for (const path of [`/orders/${order.id}`, `/orders/${order.id}/edit`, "/"]) {
      await page.goto(path);
      await fits(path);
    }
    // The new order's form with the long-named partner chosen: the select shows it cut, whole on hover.
    await page.goto("/orders/new");
    await page.getByLabel("Parceiro").click();
    await page.getByRole("option", { name: partner.name }).click();
    await fits("/orders/new with a partner");
    await expect(page.getByLabel("Parceiro")).toHaveAttribute("title", partner.name);
  });
});

const NEW_MOVEMENT = "Nova movimentação";

test.describe("in a short window (1280 × 510)", () => {
  test.use({ viewport: { width: 1280, height: 510 } });

  test("a long dialog scrolls inside, its submit button always in sight", async ({ page }) => {
    await signIn(page, { path: "/stock" });
    // A movement of any record: the tallest form (product, company, warehouse, type, quantity, ...).
    await page.getByRole("button", { name: NEW_MOVEMENT }).click();
    const dialog = page.getByRole("dialog", { name: "Movimentar estoque" });
    const box = await dialog.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 510, `the dialog is ${JSON.stringify(box)}`).toBe(true);
    await expect(dialog.getByRole("button", { name: "Registrar movimentação" })).toBeInViewport({ ratio: 1 });
    await dialog.getByRole("textbox", { name: "Motivo" }).focus();
    await expect(dialog.getByRole("button", { name: "Registrar movimentação" })).toBeInViewport({ ratio: 1 });
  });
});

test("the dashboard's figures are never cut, whatever the width", async ({ page }) => {
  await signIn(page, { path: "/" });
  for (const width of [1440, 1280, 1024, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const values = page.locator("[data-testid^=kpi-][data-testid$=-value]");
    await expect(values).toHaveCount(5);
    const cut = await values.evaluateAll((elements) =>
      elements.flatMap((element) => {
        const card = element.closest("[data-testid^=kpi-]")!.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        return element.scrollWidth > element.clientWidth + 1 || box.right > card.right + 0.5 ? [element.textContent] : [];
      }),
    );
    expect(cut, `cut at ${width} px`).toEqual([]);
  }
});
