import { randomInt } from "node:crypto";
import { completeCnpj } from "../../server/lib/fiscal-number";
import { expect, test, unique, API, login } from "../fixtures";
import { signIn, toast } from "./panel";

/**
 * Issue 11's journey: a manager builds a price table (a product with its own price) and a
 * volume discount for that product in the panel, then the simulator answers the price
 * with its explained steps.
 */
test("a manager builds a price table and a discount, and the simulator explains the price", async ({ page, request }) => {
  const token = await login(request);
  const productName = unique("Furadeira Simulada");
  const created = await request.post(`${API}/products`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name: productName, price: 200 },
  });
  expect(created.status()).toBe(200);
  const tableName = unique("Tabela Promo");
  const discountName = unique("Leve 10");

  await signIn(page, { path: "/price-tables" });
  await expect(page.getByRole("heading", { name: "Tabelas de preço", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Nova tabela de preço" }).click();
  await expect(page).toHaveURL(/\/price-tables\/new$/);
  await expect(page.getByRole("heading", { name: "Nova tabela de preço", level: 1 })).toBeVisible();
  await page.getByRole("textbox", { name: "Nome", exact: true }).fill(tableName);
  await page.getByRole("textbox", { name: "Início" }).fill("01/01/2026");
  await page.getByRole("button", { name: "Adicionar critério" }).click();
  const criteria = page.getByRole("group", { name: "Critério 1" });
  await criteria.getByRole("button", { name: "Adicionar produto" }).click();
  const row = criteria.getByRole("group", { name: "Produto 1" });
  await row.getByRole("searchbox").fill(productName);
  await row.getByRole("combobox", { name: "Produto" }).click();
  await page.getByRole("option", { name: new RegExp(productName) }).click();
  await row.getByLabel("Preço próprio").fill("180,00");
  await page.getByRole("button", { name: "Criar tabela de preço" }).click();
  await expect(toast(page, `Tabela “${tableName}” criada`)).toBeVisible();

  await page.goto("/discounts/new");
  await page.getByRole("textbox", { name: "Nome", exact: true }).fill(discountName);
  const range = page.getByRole("group", { name: "Faixa 1" });
  await range.getByLabel("A partir de (unidades)").fill("10");
  await range.getByRole("textbox", { name: "Valor", exact: true }).fill("10");
  await page.getByRole("button", { name: "Adicionar critério" }).click();
  const filter = page.getByRole("group", { name: "Filtro 1" });
  await filter.getByRole("combobox", { name: "Filtro", exact: true }).click();
  await page.getByRole("option", { name: "SKU" }).click();
  const sku = (await created.json()).sku as string;
  await filter.getByLabel("Valor do filtro").fill(sku);
  await expect(page.getByRole("status").filter({ hasText: "1 produto atende a este critério" })).toBeVisible();
  await page.getByRole("button", { name: "Criar desconto" }).click();
  await expect(toast(page, `Desconto “${discountName}” criado`)).toBeVisible();

  await page.goto("/price-simulator");
  await page.getByRole("searchbox").first().fill(productName);
  await page.getByRole("combobox", { name: "Produto" }).click();
  await page.getByRole("option", { name: new RegExp(productName) }).click();
  await page.getByLabel("Quantidade").fill("10");
  await page.getByRole("textbox", { name: "Data" }).fill("15/06/2026");
  await page.getByRole("button", { name: "Calcular" }).click();
  // 180 (the table's own price) − 10% from 10 units = 162.
  await expect(page.getByTestId("unit-price")).toHaveText(/162,00/);
  await expect(page.getByTestId("total-value")).toHaveText(/1\.620,00/);
  // The discount by its name (a page of prices names each discount once) and what it took off the line.
  await expect(page.getByText(`${discountName} (−R$ 180,00)`)).toBeVisible();
  // The same call priced the ladder of quantities (1, 5, 10, 25, 50, 100): the typed one among them.
  const ladder = page.getByRole("table", { name: "Preço por quantidade" });
  await expect(ladder.getByRole("row")).toHaveCount(7);
  await expect(ladder.getByRole("row", { name: /^10 / })).toContainText("R$ 162,00R$ 1.620,00");
  const steps = page.getByRole("table", { name: "Regras consideradas" });
  await expect(steps.getByRole("row").filter({ hasText: tableName })).toContainText("Aplicada");
  // The discount's own step (another discount's step may name it as the one that beat it).
  await expect(steps.getByRole("row", { name: new RegExp(`^Desconto ${discountName}`) })).toContainText("Aplicada");
  // Every price along the way in R$: 180 before the discount, 162 after.
  await expect(steps.getByRole("row", { name: new RegExp(`^Desconto ${discountName}`) })).toContainText("R$ 180,00R$ 162,00");
});

/** Contract §12: with a partner, the simulator shows the price with its taxes and how each tax was decided. */
test("the simulator shows a partner's price with its taxes and the tax rules considered", async ({ page, request }) => {
  const token = await login(request);
  const headers = { authorization: `Bearer ${token}` };
  const tag = unique("Impostos");
  const post = async (path: string, data: object) => {
    const response = await request.post(`${API}${path}`, { headers, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  // The demo's default company is taxed (normal regime in SP, an IPI contributor, SP at 18 %).
  const product = await post("/products", { name: `Lixadeira ${tag}`, price: 100, ncm: "8205.59.00", ipi_rate: 10 });
  const partner = await post("/partners", {
    name: `AAA Revenda ${tag}`,
    fiscal_registration_number: completeCnpj(`${String(randomInt(10 ** 8)).padStart(8, "0")}0001`),
    state_registration: "110042490114",
    addresses: [{ name: "Matriz", street: "Rua Augusta", city: "São Paulo", state: "SP" }],
  });

  await signIn(page, { path: "/price-simulator" });
  await page.getByRole("searchbox").first().fill(product.name);
  await page.getByRole("combobox", { name: "Produto" }).click();
  await page.getByRole("option", { name: new RegExp(product.name) }).click();
  await page.getByRole("combobox", { name: "Parceiro" }).click();
  await page.getByRole("option", { name: partner.name }).click();
  await page.getByRole("button", { name: "Calcular" }).click();
  await expect(page.getByTestId("unit-price")).toHaveText(/100,00/);
  // 100,00 + IPI 10 %: the customer pays 110,00 a unit.
  await expect(page.getByTestId("unit-with-taxes")).toHaveText(/110,00/);
  const steps = page.getByRole("table", { name: "Regras de tributação consideradas" });
  await expect(steps.getByRole("row").filter({ hasText: "IPI" }).first()).toContainText("Sem regra");
});
