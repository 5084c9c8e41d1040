import { randomInt } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { completeCnpj } from "../../server/lib/fiscal-number";
import { startReceiver } from "../../tests/helpers/receiver";
import { API, expect, test, unique } from "../fixtures";
import { BANK_LINE, BR_CODE, stockUp } from "./order-data";
import { signIn, toast } from "./panel";

/** The serious and critical WCAG 2.1 A/AA violations axe finds on the page as it is now. */
async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

test("a sale made at the checkout is found in the panel, its card payment captured and a receivable marked paid", async ({
  page,
  request,
  admin,
}) => {
  // The checkout (REST): a partner buys 2 × 150.00 with a card in 2 installments (150.00 + 150.00).
  const post = async (path: string, data: object) => {
    const response = await request.post(`${API}${path}`, { headers: admin, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  const partnerName = unique("Ferragens Horizonte");
  const partner = await post("/partners", {
    name: partnerName,
    fiscal_registration_number: completeCnpj(`${Array.from({ length: 8 }, () => randomInt(10)).join("")}0001`),
  });
  const product = await post("/products", { name: unique("Esmerilhadeira"), price: 150 });
  // A sale's order reserves its items' stock (contract §10).
  await stockUp(request, admin, product.id, 10);
  const card = await post("/payment-methods", {
    name: unique("Cartão"),
    type: "CREDIT_CARD",
    installments: [1, 2].map((sequence) => ({ sequence, due_date_delay: 30 * sequence })),
  });
  const sale = await post("/sales", {
    partner_id: partner.id,
    created_at: new Date().toISOString(),
    updated_by: "loja",
    full_value: 300,
    total_value: 300,
    items: [{ product_id: product.id, quantity: 2, unit_value: 150 }],
    payments: [{ payment_method_id: card.id, amount: 300, installments: 2, card: { brand: "MASTERCARD", number: "5555 4444 3333 1234" } }],
  });

  await signIn(page, { path: "/sales" });
  await expect(page.getByRole("heading", { name: "Vendas", level: 1 })).toBeVisible();
  await page.getByRole("searchbox").fill(partnerName);
  const table = page.getByRole("table", { name: "Vendas" });
  const row = table.getByRole("row", { name: new RegExp(partnerName) });
  await expect(row).toContainText("R$ 300,00");
  await expect(row).toContainText("Pendente");
  await row.getByRole("link").first().click();

  await expect(page).toHaveURL(new RegExp(`/sales/${sale.id}$`));
  await expect(page.getByRole("heading", { name: `Venda · ${partnerName}` })).toBeVisible();
  await expect(page.getByRole("table", { name: "Itens" })).toContainText(product.name);
  await expect(page.getByText("Cartão MASTERCARD **** **** **** 1234")).toBeVisible();
  await expect(page.getByText("Não capturado")).toBeVisible();
  await page.getByRole("button", { name: "Capturar" }).click();
  await expect(toast(page, "Pagamento capturado")).toBeVisible();
  await expect(page.getByText(/Capturado em/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Capturar" })).toBeHidden();

  // Two receivables of 150.00; the first one is paid in the receivables page.
  const receivables = page.getByRole("table", { name: "Recebíveis" });
  await expect(receivables.getByRole("row")).toHaveCount(3);
  await receivables.getByRole("row").nth(1).getByRole("link").click();
  await expect(page.getByRole("heading", { name: `Recebível · ${partnerName}` })).toBeVisible();
  await expect(page.getByText("Em dia")).toBeVisible();
  const paid = page.getByLabel("Valor pago");
  await expect(paid).toHaveValue("150,00");
  await paid.fill("150,00");
  await page.getByRole("button", { name: "Registrar pagamento" }).click();
  await expect(toast(page, "Pagamento registrado")).toBeVisible();

  await page.goto(`/financials?partner_id=${partner.id}`);
  const list = page.getByRole("table", { name: "Contas a receber" });
  await expect(list.getByRole("row")).toHaveCount(3);
  // Newest first: the second installment, still open, above the first one, paid.
  await expect(list.getByRole("row").nth(1)).toContainText("Em aberto");
  await expect(list.getByRole("row").nth(2)).toContainText("Pago");
});

test("receivables: the overdue filter and aging buckets, in English", async ({ page, request, admin }) => {
  const partner = await (
    await request.post(`${API}/partners`, {
      headers: admin,
      data: {
        name: unique("Late Payer"),
        fiscal_registration_number: completeCnpj(`${Array.from({ length: 8 }, () => randomInt(10)).join("")}0001`),
      },
    })
  ).json();
  const statuses = await (await request.get(`${API}/status?type=FINANCIAL&perPage=100`, { headers: admin })).json();
  const open = statuses.items.find((status: { is_initial: boolean }) => status.is_initial).id;
  const dueDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  for (const days of [45, -10]) {
    const response = await request.post(`${API}/financials`, {
      headers: admin,
      data: {
        partner_id: partner.id,
        value: 99.9,
        paying_off_value: 0,
        paying_off_date: null,
        reversed_value: 0,
        reversed_date: null,
        due_date: dueDaysAgo(days),
        status: open,
      },
    });
    expect(response.status()).toBe(201);
  }
  await signIn(page, { path: `/financials?partner_id=${partner.id}`, locale: "en" });
  const table = page.getByRole("table", { name: "Receivables" });
  await expect(table.getByRole("row")).toHaveCount(3);
  // Newest due date first: the one due in 10 days, then the one 45 days late.
  await expect(table.getByRole("row").nth(1)).toContainText("Current");
  await expect(table.getByRole("row").nth(2)).toContainText("31–60 days");
  await page.getByLabel("Overdue").click();
  await page.getByRole("option", { name: "Overdue only" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("row").nth(1)).toContainText("R$99.90");
  // What the overdue list adds up to.
  await expect(page.getByTestId("financial-totals")).toHaveText("1 receivable · R$99.90 · open R$99.90");
});

test("the sale page re-sends the order webhook after a confirmation, and shows the sale's webhook error", async ({
  page,
  request,
  admin,
}) => {
  const post = async (path: string, data: object) => {
    const response = await request.post(`${API}${path}`, { headers: admin, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  const partnerName = unique("Atacado Serra");
  const partner = await post("/partners", {
    name: partnerName,
    fiscal_registration_number: completeCnpj(`${Array.from({ length: 8 }, () => randomInt(10)).join("")}0001`),
  });
  const product = await post("/products", { name: unique("Serra circular"), price: 80 });
  // A sale's order reserves its items' stock (contract §10).
  await stockUp(request, admin, product.id, 10);
  const cash = await post("/payment-methods", {
    name: unique("Dinheiro"),
    type: "CASH",
    installments: [{ sequence: 1, due_date_delay: 0 }],
  });
  const sale = await post("/sales", {
    partner_id: partner.id,
    created_at: new Date().toISOString(),
    updated_by: "loja",
    full_value: 80,
    total_value: 80,
    items: [{ product_id: product.id, quantity: 1, unit_value: 80 }],
    payments: [{ payment_method_id: cash.id, amount: 80, installments: 1 }],
  });
  // The ERP's endpoint for order.create-requested: a receiver on this machine.
  const receiver = await startReceiver();
  const hook = await post("/webhooks", { url: receiver.url, events: ["order.create-requested"] });
  // A sale's webhook_error is set only when a delivery's last retry fails (hours later), so the page's
  // answer carries one here: what the page shows of it is what is tested.
  const webhookError = "HTTP 502 from the ERP after 6 attempts";
  await page.route(/\/api\/trpc\/[^?]*sales\.get/, async (route) => {
    const response = await route.fetch();
    const batch = (await response.json()) as Array<{ result?: { data?: { id?: string; webhook_error?: string | null } } }>;
    for (const answer of batch) {
      const data = answer.result?.data;
      if (data && data.id === sale.id) data.webhook_error = webhookError;
    }
    await route.fulfill({ response, json: batch });
  });

  try {
    await signIn(page, { path: `/sales/${sale.id}` });
    await expect(page.getByRole("heading", { name: `Venda · ${partnerName}` })).toBeVisible();
    const alert = page.getByRole("alert").filter({ hasText: "O último webhook sobre esta venda falhou" });
    await expect(alert).toContainText(webhookError);

    // Cancelled: nothing is sent.
    await page.getByRole("button", { name: "Reenviar webhook do pedido" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Reenviar o webhook do pedido?" });
    await expect(dialog).toContainText(partnerName);
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();

    // Confirmed: queued for every endpoint that listens (ours among them), and our ERP gets the sale.
    await page.getByRole("button", { name: "Reenviar webhook do pedido" }).click();
    await dialog.getByRole("button", { name: "Reenviar webhook do pedido" }).click();
    await expect(toast(page, /^Webhook do pedido na fila de \d+ endpoints?$/)).toBeVisible();
    await expect(dialog).toBeHidden();
    const ours = () =>
      receiver.received
        .map((entry) => JSON.parse(entry.body) as { type: string; data: { id: string } })
        .filter((event) => event.data.id === sale.id);
    await expect.poll(() => ours().length, { timeout: 15_000 }).toBe(1);
    expect(ours()[0]?.type).toBe("order.create-requested");
  } finally {
    await request.delete(`${API}/webhooks/${hook.id}`, { headers: admin });
    await receiver.close();
  }
});

test("a receivable shows its boleto as a bar code with the linha digitável and its PIX as a QR code, each to copy", async ({
  page,
  request,
  admin,
}) => {
  const [bankLine, brCode] = [BANK_LINE, BR_CODE];
  const partnerName = unique("Padaria Estrela");
  const partner = await (
    await request.post(`${API}/partners`, {
      headers: admin,
      data: {
        name: partnerName,
        fiscal_registration_number: completeCnpj(`${Array.from({ length: 8 }, () => randomInt(10)).join("")}0001`),
      },
    })
  ).json();
  const statuses = await (await request.get(`${API}/status?type=FINANCIAL&perPage=100`, { headers: admin })).json();
  const open = statuses.items.find((status: { is_initial: boolean }) => status.is_initial).id;
  const created = await request.post(`${API}/financials`, {
    headers: admin,
    data: {
      partner_id: partner.id,
      value: 214.03,
      paying_off_value: 0,
      paying_off_date: null,
      reversed_value: 0,
      reversed_date: null,
      due_date: new Date(Date.now() + 10 * 86_400_000).toISOString(),
      status: open,
      type: "BOLETO",
      payment_billet: { bar_code: bankLine },
      pix: { qr_code: brCode },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const financial = await created.json();

  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, { path: `/financials/${financial.id}` });
  await expect(page.getByRole("heading", { name: `Recebível · ${partnerName}` })).toBeVisible();
  const howToPay = page.locator("[data-slot=card]").filter({ has: page.getByText("Como pagar", { exact: true }) });
  const loaded = (image: ReturnType<typeof page.getByRole>) =>
    image.evaluate((element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0);

  // The boleto: its 44-digit bar code drawn in bars (named with its digits), the linha digitável as printed.
  const barCode = howToPay.getByRole("img", {
    name: "Código de barras do boleto (intercalado 2 de 5), com os dígitos 10499898100000214032006561000100040099726390",
  });
  await expect(barCode).toBeVisible();
  expect(await loaded(barCode)).toBe(true);
  await expect(howToPay.getByText("10492.00650 61000.100042 00997.263900 9 89810000021403")).toBeVisible();
  await expect(howToPay.getByRole("img")).toHaveCount(2);
  expect(await accessibilityViolations(page)).toEqual([]);
  await howToPay.getByRole("button", { name: "Copiar linha digitável" }).click();
  await expect(toast(page, "Copiado para a área de transferência")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(bankLine);

  // The PIX: a QR code to scan, and the same BR Code to copy.
  const qrCode = howToPay.getByRole("img", { name: "QR code PIX deste recebível: o mesmo código do PIX copia e cola" });
  await expect(qrCode).toBeVisible();
  expect(await loaded(qrCode)).toBe(true);
  await expect(howToPay.getByText(brCode)).toBeVisible();
  await howToPay.getByRole("button", { name: "Copiar código PIX" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(brCode);
});
