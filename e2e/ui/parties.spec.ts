import { randomInt } from "node:crypto";
import { completeCnpj, formatFiscalNumber } from "../../server/lib/fiscal-number";
import { API, expect, test, unique } from "../fixtures";
import { signIn } from "./panel";

test("a seller of the back office registers a partner with a CNPJ and finds it by search", async ({ page }) => {
  const cnpj = completeCnpj(`${Array.from({ length: 8 }, () => randomInt(10)).join("")}0001`);
  const wrong = cnpj.slice(0, -1) + String((Number(cnpj.at(-1)) + 1) % 10);
  const name = unique("Ferragens Boa Vista");

  await signIn(page, { path: "/partners" });
  await expect(page.getByRole("heading", { name: "Parceiros", level: 1 })).toBeVisible();

  await page.getByRole("link", { name: "Novo parceiro" }).click();
  await expect(page.getByRole("heading", { name: "Novo parceiro" })).toBeVisible();
  await page.getByLabel("Razão social").fill(name);
  await page.getByLabel("Nome fantasia").fill("Boa Vista");

  // The mask applies while typing; a wrong check digit is an inline error before any request.
  const fiscalNumber = page.getByLabel("CPF ou CNPJ");
  await fiscalNumber.pressSequentially(wrong);
  await expect(fiscalNumber).toHaveValue(formatFiscalNumber(wrong));
  await fiscalNumber.blur();
  await expect(page.getByText("CPF ou CNPJ: deve ser um CPF ou CNPJ válido")).toBeVisible();
  await expect(fiscalNumber).toHaveAttribute("aria-invalid", "true");

  await fiscalNumber.fill(cnpj);
  await expect(fiscalNumber).toHaveValue(formatFiscalNumber(cnpj));
  await expect(page.getByText("CPF ou CNPJ: deve ser um CPF ou CNPJ válido")).toBeHidden();

  await page.getByRole("button", { name: "Adicionar endereço" }).click();
  const address = page.getByRole("listitem", { name: "Endereço 1" });
  await address.getByLabel("Logradouro").fill("Rua Voluntários da Pátria");
  await address.getByLabel("Cidade").fill("São Paulo");
  // The CEP and the phone take their masks as they are typed; the UF is one of the 27.
  await address.getByLabel("CEP").pressSequentially("01310100");
  await expect(address.getByLabel("CEP")).toHaveValue("01310-100");
  await page.getByLabel("Celular").pressSequentially("11987654321");
  await expect(page.getByLabel("Celular")).toHaveValue("(11) 98765-4321");
  await page.getByLabel("Telefone").fill("1134567890");
  await expect(page.getByLabel("Telefone")).toHaveValue("(11) 3456-7890");
  await address.getByLabel("UF").click();
  await expect(page.getByRole("option")).toHaveCount(28);
  await page.getByRole("option", { name: "SP · São Paulo" }).click();
  await expect(address.getByLabel("Endereço padrão")).toBeChecked();

  // The Inscrição Estadual, or "Isento" for an exempt partner.
  await page.getByRole("textbox", { name: "Inscrição estadual" }).fill("abc");
  await page.getByRole("textbox", { name: "Inscrição estadual" }).blur();
  await expect(page.getByText("Inscrição estadual: deve ser a inscrição estadual (de 2 a 14 dígitos) ou Isento")).toBeVisible();
  await page.getByRole("checkbox", { name: "Isento" }).check();
  await expect(page.getByRole("textbox", { name: "Inscrição estadual" })).toBeDisabled();

  await page.getByRole("button", { name: "Criar parceiro" }).click();
  await expect(page.getByText(`Parceiro “${name}” criado`)).toBeVisible();
  await expect(page).toHaveURL(/\/partners$/);

  await page.getByRole("searchbox").fill(cnpj);
  const table = page.getByRole("table", { name: "Parceiros" });
  await expect(table.getByRole("row")).toHaveCount(2);
  const row = table.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(formatFiscalNumber(cnpj));
  await expect(row).toContainText("São Paulo / SP");

  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByLabel("CPF ou CNPJ")).toHaveValue(formatFiscalNumber(cnpj));
  await expect(page.getByRole("checkbox", { name: "Isento" })).toBeChecked();
});

test("a partner's page shows its credit; a manager sets its limit and blocks it, and the page says so", async ({
  page,
  request,
  admin,
}) => {
  const cnpj = completeCnpj(`${Array.from({ length: 8 }, () => randomInt(10)).join("")}0001`);
  const created = await request.post(`${API}/partners`, {
    headers: admin,
    data: { name: unique("Crédito Ferragens"), fiscal_registration_number: cnpj },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const partner = await created.json();
  const statuses = await (await request.get(`${API}/status?type=FINANCIAL&perPage=100`, { headers: admin })).json();
  const open = statuses.items.find((status: { is_initial: boolean }) => status.is_initial);
  // R$ 750,00 open, due last year: overdue.
  const receivable = await request.post(`${API}/financials`, {
    headers: admin,
    data: {
      partner_id: partner.id,
      value: 750,
      paying_off_value: 0,
      paying_off_date: null,
      reversed_value: 0,
      reversed_date: null,
      due_date: "2025-10-01T15:00:00Z",
      status: open.id,
      type: "BOLETO",
    },
  });
  expect(receivable.status(), await receivable.text()).toBe(201);

  await signIn(page, { path: `/partners/${partner.id}` });
  const card = page.getByTestId("partner-credit");
  await expect(card.getByRole("heading", { name: "Crédito" })).toBeVisible();
  await expect(card).toContainText("Sem limite");
  await expect(card).toContainText("ExposiçãoR$ 750,00");
  await expect(card).toContainText("VencidoR$ 750,00");
  await card.getByRole("button", { name: "Alterar crédito" }).click();
  await card.getByLabel("Limite de crédito").fill("1000");
  await card.getByRole("switch", { name: "Bloquear o crédito" }).click();
  await card.getByRole("button", { name: "Salvar crédito" }).click();
  await expect(page.getByText(`Crédito de “${partner.name}” salvo`)).toBeVisible();
  await expect(card).toContainText("Crédito bloqueado");
  await expect(card).toContainText("DisponívelR$ 250,00");
  await expect(card.getByRole("meter", { name: "75% do limite em uso" })).toBeVisible();
  // On a phone the page, its credit card included, fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(card).toContainText("DisponívelR$ 250,00");
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
  const stored = await (await request.get(`${API}/partners/${partner.id}/credit`, { headers: admin })).json();
  expect(stored).toMatchObject({ credit_limit: 1000, exposure: 750, available: 250, blocked: true });
});
