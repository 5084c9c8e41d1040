import type { APIRequestContext } from "@playwright/test";
import { API, expect, test, unique, type Headers } from "../fixtures";
import { newCnpj, newOrder, nfeKey, post, stockUp } from "./order-data";
import { signIn, toast } from "./panel";

/**
 * Contract §11 through the panel: an order past its customer's credit limit, priced below
 * what its seller may give, is held as it is typed (the form says so before saving), waits
 * in "Liberação de pedidos", is approved there with a note, and then goes on to be invoiced.
 */

async function get(request: APIRequestContext, headers: Headers, path: string) {
  const response = await request.get(`${API}${path}`, { headers });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

test("an order over the customer's limit is held, approved in the queue with a note, invoiced, and its seller's commission shows", async ({
  page,
  request,
  admin,
}) => {
  test.slow();
  const tag = unique("Liberação");
  const seller = await post(request, admin, "/sellers", {
    name: `Vendedora ${tag}`,
    email: "vendedora@example.com",
    max_discount_percent: 5,
    commission_rate: 4,
  });
  const partner = await post(request, admin, "/partners", {
    name: `Cliente ${tag}`,
    fiscal_registration_number: newCnpj(),
    seller_id: seller.id,
  });
  const credit = await request.put(`${API}/partners/${partner.id}/credit`, {
    headers: admin,
    data: { credit_limit: 100, credit_blocked: false },
  });
  expect(credit.status()).toBe(200);
  const product = await post(request, admin, "/products", { name: `Esmerilhadeira ${tag}`, price: 50 });
  await stockUp(request, admin, product.id, 10);

  // The form: the customer's price comes in, the negotiated discount shows, and so does the hold before saving.
  await signIn(page, { path: "/orders/new" });
  await page.getByLabel("Parceiro").click();
  await page.getByRole("option", { name: partner.name }).click();
  await page.getByRole("combobox", { name: "Adicionar produto" }).fill(product.name);
  await page.getByRole("option", { name: `Adicionar ${product.name}` }).click();
  const hint = page.getByTestId("price-hint");
  await expect(hint).toContainText("sugerido R$ 50,00");
  // A new quantity asks the engine again (its price may change with quantity): type the price after its answer.
  const repriced = page.waitForResponse((response) => response.url().includes("prices.calculateMany"));
  await page.getByLabel("Quantidade").fill("3");
  await repriced;
  await expect(hint).toContainText("sugerido R$ 50,00");
  await page.getByLabel("Valor unitário").fill("45");
  await expect(hint).toContainText("Desconto negociado: 10% abaixo do preço do cliente");
  const warning = page.getByRole("status").filter({ hasText: "Ao salvar, este pedido vai para liberação" });
  await expect(warning).toContainText("Limite de crédito: exposição R$ 135,00 de R$ 100,00 (excede em R$ 35,00)");
  await expect(warning).toContainText(`${product.name}: desconto de 10% acima do limite de 5% do vendedor`);
  await page.getByRole("button", { name: "Criar pedido" }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").at(-1)!;
  const { number } = await get(request, admin, `/orders/${id}`);
  const name = `Pedido nº ${number.toLocaleString("pt-BR")}`;

  // Its page: on hold, why, and no way forward but a decision.
  const holds = page.getByRole("region", { name: "Em liberação" });
  await expect(holds).toContainText("Limite de crédito: exposição R$ 135,00 de R$ 100,00");
  await expect(holds).toContainText(`${product.name}: desconto de 10% acima do limite de 5% do vendedor`);
  await expect(page.getByRole("button", { name: "Confirmar" })).toHaveCount(0);
  await expect(page.getByRole("cell", { name: "R$ 50,00" })).toBeVisible(); // the customer's price beside R$ 45,00

  // The queue: oldest first, the reasons in words; approved with a note, it leaves the queue.
  await page.goto("/approvals");
  const queue = page.getByRole("table", { name: "Liberação de pedidos" });
  const row = queue.getByRole("row").filter({ hasText: partner.name });
  await expect(row).toContainText("Limite de crédito: exposição R$ 135,00 de R$ 100,00");
  await expect(row).toContainText("Desconto de 10% acima do limite de 5% do vendedor");
  await row.getByRole("button", { name: `Ações de ${name}` }).click();
  await page.getByRole("menuitem", { name: "Liberar pedido" }).click();
  const dialog = page.getByRole("dialog", { name: `Liberar o ${name}?` });
  await dialog.getByLabel("Observação da decisão").fill("Cliente antigo; limite será revisto");
  await dialog.getByRole("button", { name: "Liberar pedido" }).click();
  await expect(toast(page, `${name} liberado.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // The order goes on: the decision in its history, then confirmed and invoiced.
  await page.goto(`/orders/${id}`);
  await expect(page.getByRole("region", { name: "Em liberação" })).toHaveCount(0);
  const history = page.getByRole("list", { name: "Histórico de situações" });
  await expect(history).toContainText(/Liberado por .+ em \d{2}\/\d{2}\/\d{4}/);
  await expect(history).toContainText("“Cliente antigo; limite será revisto”");
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(toast(page, "Situação alterada para “Confirmado”")).toBeVisible();
  await page.getByRole("button", { name: "Faturar" }).click();
  const invoice = page.getByRole("dialog", { name: "Faturar: “Faturado”" });
  // The demo's company is taxed, so the panel offers to issue the NF-e here (contract §13): this one was issued elsewhere.
  await invoice.getByRole("radio", { name: "Informar NF-e emitida em outro sistema" }).check();
  await invoice.getByLabel("Chave de acesso da NF-e").fill(nfeKey());
  await invoice.getByRole("button", { name: "Faturar" }).click();
  await expect(toast(page, "Situação alterada para “Faturado”")).toBeVisible();
  expect((await get(request, admin, `/orders/${id}`)).status_detail.phase).toBe("INVOICED");

  // The seller's commission of the month: 4 % of R$ 135,00, nothing received yet.
  await page.goto(`/sellers/${seller.id}`);
  const commissions = page.getByRole("region", { name: "Comissões" });
  const line = commissions.getByRole("row").filter({ hasText: name });
  await expect(line).toContainText(partner.name);
  await expect(line).toContainText("R$ 135,00");
  await expect(line).toContainText("R$ 5,40");
  await expect(commissions.getByRole("row").filter({ hasText: "Total (1 pedido)" })).toContainText("R$ 5,40");
  await expect(commissions.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute("href", new RegExp(`seller_id=${seller.id}`));
});

test("a quotation stands until its day: an expired one says so, cannot become an order, and is duplicated as a new quotation", async ({
  page,
  request,
  admin,
}) => {
  // Negotiated 10/03/2026: valid 15 days, until 25/03/2026.
  const { order } = await newOrder(request, admin, { negotiation_date: "2026-03-10T14:00:00.000Z", extra: { quotation: true } });
  await signIn(page, { path: `/orders/${order.id}/edit` });
  await page.getByRole("switch", { name: "Orçamento" }).click();
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("o orçamento venceu em 25/03/2026: duplique-o como novo orçamento")).toBeVisible();

  await page.goto(`/orders/${order.id}`);
  await expect(page.getByText("25/03/2026")).toBeVisible();
  await expect(page.getByText("Vencido", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Duplicar como novo orçamento" }).click();
  await expect(toast(page, /Novo orçamento criado: Orçamento nº [\d.]+\./)).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/edit$/);
  const copy = page.url().split("/").at(-2)!;
  expect(copy).not.toBe(order.id);
  const stored = await get(request, admin, `/orders/${copy}`);
  expect(stored).toMatchObject({ quotation: true, total_value: 180 });
  // The new one stands for the org's 15 days from today, shown as dd/mm/aaaa in the form.
  const [year, month, day] = stored.valid_until.split("-");
  await expect(page.getByLabel("Válido até")).toHaveValue(`${day}/${month}/${year}`);
});

test.describe("on a phone (390 × 844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the approvals queue, a held order, the commercial policy and a seller's commissions fit the screen", async ({
    page,
    request,
    admin,
  }) => {
    const tag = unique("Telefone");
    const seller = await post(request, admin, "/sellers", { name: `Vendedor ${tag}`, email: "fone@example.com", commission_rate: 3 });
    const partner = await post(request, admin, "/partners", {
      name: `Distribuidora de Materiais Elétricos e Hidráulicos Irmãos Albuquerque ${tag} Ltda`,
      fiscal_registration_number: newCnpj(),
    });
    const blocked = await request.put(`${API}/partners/${partner.id}/credit`, {
      headers: admin,
      data: { credit_limit: 10, credit_blocked: true },
    });
    expect(blocked.status()).toBe(200);
    const { order } = await newOrder(request, admin, { partner, extra: { seller_id: seller.id } });
    expect((await get(request, admin, `/orders/${order.id}`)).holds.map((hold: { reason: string }) => hold.reason)).toEqual([
      "CREDIT_BLOCKED",
      "CREDIT_LIMIT",
    ]);
    await signIn(page, { path: "/approvals" });
    for (const path of ["/approvals", `/orders/${order.id}`, "/commercial-policy", `/sellers/${seller.id}`]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect(widths.page, `${path} is ${widths.page} px wide`).toBeLessThanOrEqual(widths.screen);
    }
  });
});
