import { makeTestPfx } from "../../server/fiscal/certificates/pfx";
import { API, expect, test, unique } from "../fixtures";
import { newCnpj, post, shipment, stockSource, stockUp } from "./order-data";
import { signIn, toast } from "./panel";

/**
 * Contract §13 through the panel: the company shows its A1 certificate; an order issues its
 * NF-e from its card (signed, awaiting transmission, its DANFE downloaded), discards it, then
 * issues another in the invoicing move — "Emitir NF-e aqui", the totals it will state — and
 * is invoiced with it.
 */
test("an order issues its NF-e from the panel, prints its DANFE, discards it and is invoiced with a new one", async ({
  page,
  request,
  admin,
}) => {
  // Two issues (each signs and validates against the schemas), a download and a move: more than 30 s on a busy machine.
  test.slow();
  const { company } = await stockSource(request, admin);
  const full = await (await request.get(`${API}/companies/${company.id}`, { headers: admin })).json();
  // The demo's default company is taxed (contract §12); its A1 is (re)sent here, a test certificate of its CNPJ.
  const password = "senha-e2e";
  const pfx = makeTestPfx({ cnpj: full.fiscal_registration_number, name: "EMPRESA E2E", password }).toString("base64");
  const sent = await request.put(`${API}/companies/${company.id}/certificate`, { headers: admin, data: { pfx, password } });
  expect(sent.status(), await sent.text()).toBe(200);

  const tag = unique("NF-e");
  const partner = await post(request, admin, "/partners", {
    name: `Revenda ${tag}`,
    fiscal_registration_number: newCnpj(),
    state_registration: "244123675119",
    addresses: [
      {
        street: "Rua Barão de Jaguara",
        number: "900",
        neighborhood: "Centro",
        city: "Campinas",
        city_code: "3509502",
        state: "SP",
        postal_code: "13015-002",
        is_default: true,
      },
    ],
  });
  const product = await post(request, admin, "/products", { name: `Lixadeira ${tag}`, price: 250, ncm: "8467.29.91" });
  await stockUp(request, admin, product.id, 10);
  const order = await post(request, admin, "/orders", {
    partner_id: partner.id,
    negotiation_date: new Date().toISOString(),
    order_value: 500,
    discount_value: 0,
    freight_value: 0,
    total_value: 500,
    ...shipment,
    shipment_state: "SP",
    items: [{ product_id: product.id, unit_value: 250, quantity: 2 }],
  });

  await signIn(page, { path: `/companies/${company.id}` });
  await expect(page.getByText("Certificado digital A1")).toBeVisible();
  await expect(page.getByText("EMPRESA E2E", { exact: true })).toBeVisible();

  await page.goto(`/orders/${order.id}`);
  const card = page.locator("[data-slot=card]", { has: page.getByText("NF-e", { exact: true }) });
  await expect(page.getByText("O pedido ainda não tem NF-e emitida por aqui.")).toBeVisible();
  await page.getByRole("button", { name: "Emitir NF-e" }).click();
  const issue = page.getByRole("dialog", { name: "Emitir NF-e" });
  await expect(issue.getByText("Total da nota")).toBeVisible();
  await issue.getByRole("button", { name: "Emitir NF-e" }).click();
  await expect(toast(page, /NF-e nº \d+ emitida\./)).toBeVisible();
  await expect(page.getByText("Assinada (aguardando transmissão)")).toBeVisible();
  await expect(page.getByText("Homologação (sem valor fiscal)")).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Baixar DANFE" }).click();
  const danfe = await download;
  expect(danfe.suggestedFilename()).toMatch(/^danfe-\d+\.pdf$/);

  await page.getByRole("button", { name: "Descartar NF-e" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Descartar" }).click();
  await expect(toast(page, "NF-e descartada.")).toBeVisible();
  await expect(page.getByText("Descartada", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(toast(page, "Situação alterada para “Confirmado”")).toBeVisible();
  await page.getByRole("button", { name: "Faturar" }).click();
  const invoicing = page.getByRole("dialog", { name: "Faturar: “Faturado”" });
  await expect(invoicing.getByRole("radio", { name: "Emitir NF-e aqui" })).toBeChecked();
  await expect(invoicing.getByText("Total da nota")).toBeVisible();
  await invoicing.getByRole("button", { name: "Emitir NF-e e mover para Faturado" }).click();
  await expect(toast(page, /NF-e nº \d+ emitida\./)).toBeVisible();
  await expect(page.getByRole("list", { name: "Andamento do pedido" }).locator("[aria-current=step]")).toHaveText("Faturado");
  await expect(page.getByText("Assinada (aguardando transmissão)")).toBeVisible();
  await expect(card.getByRole("button", { name: "Descartar NF-e" })).toHaveCount(0);
});
