import { randomInt } from "node:crypto";
import { completeCnpj } from "../../server/lib/fiscal-number";
import { formatNfeKey, nfeCheckDigit } from "../../server/lib/nfe-key";
import { API, expect, test, unique } from "../fixtures";
import { signIn, toast } from "./panel";

const digits = (length: number) =>
  Array.from({ length }, () => randomInt(10)).join("");

test("a seller creates an order with two items and a payment, confirms it, attaches an invoice and downloads its PDF", async ({
  page,
  request,
  admin,
}) => {
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
  const method = await post("/payment-methods", {
    name: `Boleto ${tag}`,
    type: "BOLETO",
    installments: [{ sequence: 1 }, { sequence: 2 }],
  });

  await signIn(page, { path: "/orders/new" });
  await expect(
    page.getByRole("heading", { name: "Novo pedido", level: 1 }),
  ).toBeVisible();
  await page.getByLabel("Parceiro").click();
  await page.getByRole("option", { name: partner.name }).click();
  await expect(page.getByLabel("Logradouro")).toHaveValue("Rua Augusta");

  await page.getByLabel("Adicionar produto").fill(drill.name);
  await page.getByRole("button", { name: `Adicionar ${drill.name}` }).click();
  await page.getByLabel("Adicionar produto").fill(saw.name);
  await page.getByRole("button", { name: `Adicionar ${saw.name}` }).click();
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
  await expect(
    page.getByRole("heading", { name: /Pedido/, level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(`${method.name} em 1x`)).toBeVisible();
  await expect(page.getByRole("cell", { name: /Furadeira/ })).toBeVisible();

  await page.getByRole("button", { name: "Mudar situação" }).click();
  await page.getByRole("menuitem", { name: "confirmed" }).click();
  await expect(toast(page, "Situação alterada para “confirmed”")).toBeVisible();
  await expect(
    page
      .getByRole("list", { name: "Histórico de situações" })
      .getByRole("listitem"),
  ).toHaveCount(2);

  const data = `35${digits(4)}${completeCnpj(`${digits(8)}0001`)}55001${digits(9)}1${digits(8)}`;
  const key = data + String(nfeCheckDigit(data));
  await page.getByLabel("Chave de acesso da NF-e").fill("1234");
  await expect(
    page.getByText("A chave de acesso precisa ter 44 dígitos"),
  ).toBeVisible();
  await page.getByLabel("Chave de acesso da NF-e").fill(key);
  await page
    .getByLabel("DANFE (PDF)")
    .setInputFiles({
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
  await expect(
    page.getByRole("heading", { name: "Pedido", level: 1 }),
  ).toBeVisible();
  await expect(page.locator("#order-sheet")).toContainText(partner.name);
});
