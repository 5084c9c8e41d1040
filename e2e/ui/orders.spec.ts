import { randomInt } from "node:crypto";
import { completeCnpj } from "../../server/lib/fiscal-number";
import { formatNfeKey, nfeCheckDigit } from "../../server/lib/nfe-key";
import { API, expect, test, unique } from "../fixtures";
import { shipment, stockUp } from "./order-data";
import { signIn, toast } from "./panel";

const digits = (length: number) => Array.from({ length }, () => randomInt(10)).join("");

test("a seller creates an order with two items and a payment, confirms it, attaches an invoice and downloads its PDF", async ({
  page,
  request,
  admin,
}) => {
  // A long journey (create, status, invoice, PDF, print): more than 30 s on a busy machine.
  test.slow();
  const post = async (path: string, data: object) => {
    const response = await request.post(`${API}${path}`, {
      headers: admin,
      data,
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  const tag = unique("Jornada");
  const partner = await post("/partners", {
    name: `Cliente ${tag}`,
    fiscal_registration_number: completeCnpj(`${digits(8)}0001`),
    addresses: [
      {
        name: "Matriz",
        type: "COMMERCIAL",
        street: "Rua Augusta",
        number: "100",
        city: "São Paulo",
        state: "SP",
        postal_code: "01304-000",
        country: "BR",
      },
    ],
  });
  const drill = await post("/products", {
    name: `Furadeira ${tag}`,
    price: 459.9,
  });
  const saw = await post("/products", { name: `Serra ${tag}`, price: 120 });
  // Orders reserve their items' stock (contract §10).
  await stockUp(request, admin, drill.id, 10);
  await stockUp(request, admin, saw.id, 10);
  const method = await post("/payment-methods", {
    name: `Boleto ${tag}`,
    type: "BOLETO",
    installments: [{ sequence: 1 }, { sequence: 2 }],
  });

  await signIn(page, { path: "/orders/new" });
  await expect(page.getByRole("heading", { name: "Novo pedido", level: 1 })).toBeVisible();
  await page.getByLabel("Parceiro").click();
  await page.getByRole("option", { name: partner.name }).click();
  await expect(page.getByLabel("Logradouro")).toHaveValue("Rua Augusta");

  await page.getByRole("combobox", { name: "Adicionar produto" }).fill(drill.name);
  await page.getByRole("option", { name: `Adicionar ${drill.name}` }).click();
  // Enter in the search adds the highlighted product and never submits the form.
  const search = page.getByRole("combobox", { name: "Adicionar produto" });
  await search.fill(saw.name);
  await expect(page.getByRole("option", { name: `Adicionar ${saw.name}` })).toHaveAttribute("aria-selected", "true");
  await search.press("Enter");
  await expect(page.getByRole("listitem", { name: "Item 2" })).toContainText(saw.name);
  await expect(search).toHaveValue("");
  await expect(page).toHaveURL(/\/orders\/new$/);
  const first = page.getByRole("listitem", { name: "Item 1" });
  await first.getByLabel("Quantidade").fill("2");
  await first.getByLabel("Quantidade").blur();
  await page.getByLabel("Frete").fill("30");
  await page.getByLabel("Frete").blur();
  // 2 × 459,90 + 120,00 = 1.039,80; + 30,00 of freight.
  await expect(page.getByTestId("order-value")).toHaveText(/1\.039,80/);
  await expect(page.getByTestId("total-value")).toHaveText(/1\.069,80/);
  await page.getByLabel("Forma de pagamento").click();
  await page.getByRole("option", { name: method.name }).click();

  await page.getByRole("button", { name: "Criar pedido" }).click();
  await expect(toast(page, "Pedido criado")).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: /Pedido/, level: 1 })).toBeVisible();
  await expect(page.getByText(`${method.name} em 1x`)).toBeVisible();
  await expect(page.getByRole("cell", { name: /Furadeira/ })).toBeVisible();

  await page.getByRole("button", { name: "Mudar situação" }).click();
  await page.getByRole("menuitem", { name: "Confirmado" }).click();
  await expect(toast(page, "Situação alterada para “Confirmado”")).toBeVisible();
  await expect(page.getByRole("list", { name: "Histórico de situações" }).getByRole("listitem")).toHaveCount(2);

  const data = `35${digits(4)}${completeCnpj(`${digits(8)}0001`)}55001${digits(9)}1${digits(8)}`;
  const key = data + String(nfeCheckDigit(data));
  await page.getByLabel("Chave de acesso da NF-e").fill("1234");
  await expect(page.getByText("A chave de acesso precisa ter 44 dígitos")).toBeVisible();
  await page.getByLabel("Chave de acesso da NF-e").fill(key);
  await page.getByLabel("DANFE (PDF)").setInputFiles({
    name: "danfe.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n%danfe\n"),
  });
  await page.getByRole("button", { name: "Adicionar nota" }).click();
  await expect(toast(page, "Nota fiscal adicionada")).toBeVisible();
  await expect(page.getByText(formatNfeKey(key))).toBeVisible();
  await expect(page.getByRole("link", { name: "DANFE" })).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Baixar PDF" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^pedido-.*\.pdf$/);

  await page.getByRole("link", { name: "Imprimir" }).click();
  await expect(page.getByRole("heading", { name: "Pedido", level: 1 })).toBeVisible();
  await expect(page.locator("#order-sheet")).toContainText(partner.name);
});

/** An amount as the panel writes it in Portuguese ("1.039,80"). */
const brl = (value: number) =>
  value.toLocaleString("pt-BR", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

test("staff edits an order's item quantity: the totals follow and the change persists", async ({ page, request, admin }) => {
  const post = async (path: string, data: object) => {
    const response = await request.post(`${API}${path}`, {
      headers: admin,
      data,
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  // Two pages and a save: more than 30 s on a busy machine.
  test.slow();
  const tag = unique("Edição");
  const partner = await post("/partners", {
    name: `Cliente ${tag}`,
    fiscal_registration_number: completeCnpj(`${digits(8)}0001`),
  });
  const product = await post("/products", {
    name: `Parafusadeira ${tag}`,
    price: 80,
  });
  await stockUp(request, admin, product.id, 10);
  const order = await post("/orders", {
    partner_id: partner.id,
    negotiation_date: "2026-05-01T12:00:00.000Z",
    order_value: 160,
    discount_value: 0,
    freight_value: 20,
    total_value: 180,
    ...shipment,
    items: [{ product_id: product.id, unit_value: 80, quantity: 2 }],
  });
  // The unit price the engine gives for 3 with this partner: the form suggests it when the quantity changes.
  const price = await post("/prices/product/calculate", {
    product_id: product.id,
    partner_id: partner.id,
    quantity: 3,
  });

  await signIn(page, { path: `/orders/${order.id}` });
  await page.getByRole("link", { name: "Editar pedido" }).click();
  await expect(page.getByRole("heading", { name: "Editar pedido", level: 1 })).toBeVisible();
  const item = page.getByRole("listitem", { name: "Item 1" });
  await expect(item.getByLabel("Quantidade")).toHaveValue("2");
  await expect(page.getByTestId("order-value")).toHaveText(/160,00/);
  await item.getByLabel("Quantidade").fill("3");
  await item.getByLabel("Quantidade").blur();
  await expect(item.getByTestId("price-hint")).toContainText("sugerido");
  const order_value = Math.round(price.unit_price * 3 * 100) / 100;
  await expect(page.getByTestId("order-value")).toHaveText(new RegExp(brl(order_value).replace(".", "\\.")));
  await expect(page.getByTestId("total-value")).toHaveText(new RegExp(brl(order_value + 20).replace(".", "\\.")));

  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(toast(page, "Pedido salvo")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  await expect(page.getByRole("cell", { name: "3", exact: true })).toBeVisible();
  // Contract §10: the open order holds its new quantity reserved.
  await expect(page.getByRole("cell", { name: "3 reservado" })).toBeVisible();

  const stored = await (await request.get(`${API}/orders/${order.id}`, { headers: admin })).json();
  expect(stored.items).toEqual([expect.objectContaining({ quantity: 3, unitValue: price.unit_price })]);
  expect(stored.order_value).toBe(order_value);
  expect(stored.total_value).toBe(order_value + 20);
});

test("adding a product to an order suggests the partner's price-table price", async ({ page, request, admin }) => {
  const post = async (path: string, data: object) => {
    const response = await request.post(`${API}${path}`, {
      headers: admin,
      data,
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  const tag = unique("Tabela");
  const partner = await post("/partners", {
    name: `Cliente ${tag}`,
    fiscal_registration_number: completeCnpj(`${digits(8)}0001`),
  });
  const product = await post("/products", {
    name: `Esmerilhadeira ${tag}`,
    price: 200,
  });
  const table = await post("/price-tables", {
    name: `Atacado ${tag}`,
    start_date: "2026-01-01",
    is_partner_specific: true,
    is_profile_specific: false,
    is_company_specific: false,
    is_payment_method_specific: false,
    partners: [{ partner_id: partner.id }],
    criteria: [{ products: [{ product_id: product.id, price: 150 }] }],
  });
  const price = await post("/prices/product/calculate", {
    product_id: product.id,
    partner_id: partner.id,
    quantity: 1,
  });
  expect(price.price_table).toMatchObject({ id: table.id, price: 150 });

  const other = await post("/products", { name: `Lixadeira ${tag}`, price: 90 });

  // The form prices its rows a page at a time (POST /prices/products/calculate): never a call per row.
  const pricing: string[] = [];
  page.on("request", (sent) => {
    const procedures = new URL(sent.url()).pathname.match(/^\/api\/trpc\/(.+)$/)?.[1]?.split(",") ?? [];
    pricing.push(...procedures.filter((name) => name.startsWith("prices.")));
  });
  await signIn(page, { path: "/orders/new" });
  await page.getByRole("combobox", { name: "Adicionar produto" }).fill(product.name);
  await page.getByRole("option", { name: `Adicionar ${product.name}` }).click();
  await page.getByRole("combobox", { name: "Adicionar produto" }).fill(other.name);
  await page.getByRole("option", { name: `Adicionar ${other.name}` }).click();
  await expect(page.getByRole("listitem", { name: "Item 2" }).getByTestId("price-hint")).toContainText("Preço base R$ 90,00");
  const before = pricing.length;
  // A partner chosen: both rows are asked again, in one call.
  await page.getByLabel("Parceiro").click();
  await page.getByRole("option", { name: partner.name }).click();
  const item = page.getByRole("listitem", { name: "Item 1" });
  const hint = item.getByTestId("price-hint");
  await expect(hint).toContainText(`Tabela “${table.name}”: R$ 150,00`);
  await expect(hint).toContainText("Preço base R$ 200,00");
  await expect(item.getByLabel("Valor unitário")).toHaveValue(brl(price.unit_price));
  expect(pricing.length).toBeGreaterThan(0);
  expect(pricing.every((name) => name === "prices.calculateMany")).toBe(true);
  expect(pricing.length - before).toBe(1);

  // Staff may still type another price.
  await item.getByLabel("Valor unitário").fill("140");
  await item.getByLabel("Valor unitário").blur();
  await expect(page.getByTestId("order-value")).toHaveText(/230,00/); // 140,00 + 90,00
});

test("a manager creates a coupon in the panel and finds it in the list", async ({ page }) => {
  const code = `PROMO${digits(6)}`;
  await signIn(page, { path: "/coupons" });
  await expect(page.getByRole("heading", { name: "Cupons", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Novo cupom" }).click();
  await expect(page).toHaveURL(/\/coupons\/new$/);
  await page.getByLabel("Código").fill(code);
  await page.getByLabel("Nome").fill(`Promoção ${code}`);
  await page.getByLabel("Tipo de valor").click();
  await page.getByRole("option", { name: "Porcentagem" }).click();
  await page.getByRole("textbox", { name: "Valor", exact: true }).fill("150");
  await page.getByRole("button", { name: "Criar cupom" }).click();
  await expect(page.getByText("no máximo 100", { exact: false })).toBeVisible();
  await page.getByRole("textbox", { name: "Valor", exact: true }).fill("10");
  await page.getByLabel("Limite de usos").fill("50");
  await page.getByRole("button", { name: "Criar cupom" }).click();
  await expect(toast(page, `Cupom “${code}” criado`)).toBeVisible();
  await expect(page).toHaveURL(/\/coupons(\?.*)?$/);

  await page.getByRole("searchbox").fill(code.toLowerCase());
  const row = page.getByRole("row", { name: new RegExp(code) });
  await expect(row).toBeVisible();
  await expect(row).toContainText("10%");
  await expect(row).toContainText("0 de 50");
  await row.getByRole("link", { name: code }).click();
  await expect(page.getByRole("heading", { name: code, level: 1 })).toBeVisible();
  await expect(page.getByLabel("Código")).toHaveValue(code);
});

test("a seller sees the taxes and the invoice total (Total da nota) while typing an order, and its taxes on the order page", async ({
  page,
  request,
  admin,
}) => {
  test.slow();
  const post = async (path: string, data: object) => {
    const response = await request.post(`${API}${path}`, { headers: admin, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  // The demo's default company is taxed (contract §12: normal regime in SP, an IPI contributor); IPI 10 % on this product.
  const tag = unique("Tributos");
  const partner = await post("/partners", {
    name: `Revenda ${tag}`,
    fiscal_registration_number: completeCnpj(`${digits(8)}0001`),
    state_registration: "110042490114",
    addresses: [{ name: "Matriz", street: "Rua Augusta", number: "100", city: "São Paulo", state: "SP", postal_code: "01304-000" }],
  });
  const product = await post("/products", { name: `Esmerilhadeira ${tag}`, price: 100, ncm: "8205.59.00", ipi_rate: 10 });
  await stockUp(request, admin, product.id, 10);

  await signIn(page, { path: "/orders/new" });
  await page.getByLabel("Parceiro").click();
  await page.getByRole("option", { name: partner.name }).click();
  await page.getByRole("combobox", { name: "Adicionar produto" }).fill(product.name);
  await page.getByRole("option", { name: `Adicionar ${product.name}` }).click();
  const row = page.getByRole("listitem", { name: "Item 1" });
  await row.getByLabel("Valor unitário").fill("100");
  await row.getByLabel("Valor unitário").blur();
  await expect(page.getByTestId("total-value")).toHaveText(/100,00/);
  // 100,00 + IPI 10,00: what the customer pays.
  await expect(page.getByTestId("invoice-value")).toHaveText(/110,00/);
  await expect(row).toContainText("IPI R$ 10,00");

  await page.getByRole("button", { name: "Criar pedido" }).click();
  await expect(toast(page, "Pedido criado")).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Tributos" })).toBeVisible();
  const taxes = page.getByRole("table", { name: `Tributos de ${product.name}` });
  await expect(taxes.getByRole("row", { name: /IPI/ })).toContainText("10,00");
  await expect(taxes.getByRole("row", { name: /^ICMS/ }).first()).toContainText("18");
  await expect(page.getByText("Total da nota").first()).toBeVisible();
});
