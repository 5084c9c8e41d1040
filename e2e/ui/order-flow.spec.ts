import type { APIRequestContext } from "@playwright/test";
import { API, expect, test, unique, type Headers } from "../fixtures";
import { newCnpj, nfeKey, post, shipment, stockUp } from "./order-data";
import { signIn, toast } from "./panel";

/**
 * Contract §10 through the panel: an order's phase decides what its stock and receivables
 * are. One order goes OPEN → CONFIRMED → INVOICED (asking for its NF-e) → SHIPPED →
 * DELIVERED, its stock reserved then taken and its receivables made; another is canceled
 * after a confirmation that says what it gives back, and its stock and coupon come back.
 */

async function get(request: APIRequestContext, headers: Headers, path: string) {
  const response = await request.get(`${API}${path}`, { headers });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** The stock record of a product where the org's orders take it from. */
async function stockOf(request: APIRequestContext, headers: Headers, productId: string, warehouseId: string) {
  const page = await get(request, headers, `/stock?product_id=${productId}&warehouse_id=${warehouseId}`);
  expect(page.items).toHaveLength(1);
  return page.items[0] as { total: number; reserved: number; available: number };
}

/** An order of one product (10 in stock) for a partner of its own: `quantity` × 50, one payment of 2 installments. */
async function orderOf(request: APIRequestContext, headers: Headers, quantity: number, extra: object = {}) {
  const tag = unique("Fluxo");
  const partner = await post(request, headers, "/partners", { name: `Cliente ${tag}`, fiscal_registration_number: newCnpj() });
  const product = await post(request, headers, "/products", { name: `Esmerilhadeira ${tag}`, price: 50 });
  const { warehouse } = await stockUp(request, headers, product.id, 10);
  const method = await post(request, headers, "/payment-methods", {
    name: `Boleto ${tag}`,
    type: "BOLETO",
    installments: [{ sequence: 1 }, { sequence: 2 }],
  });
  const total = quantity * 50;
  const order = await post(request, headers, "/orders", {
    partner_id: partner.id,
    negotiation_date: "2026-05-01T12:00:00.000Z",
    order_value: total,
    discount_value: 0,
    freight_value: 0,
    total_value: total,
    ...shipment,
    items: [{ product_id: product.id, unit_value: 50, quantity }],
    payments: [{ payment_method_id: method.id, amount: total, installments: 2 }],
    ...extra,
  });
  return { order, product, warehouse };
}

test("an order goes from open to delivered: its stock reserved, then taken on invoicing with its NF-e, its receivables made", async ({
  page,
  request,
  admin,
}) => {
  // Five moves, a dialog and an upload: more than 30 s on a busy machine.
  test.slow();
  const { order, product, warehouse } = await orderOf(request, admin, 2);
  expect(await stockOf(request, admin, product.id, warehouse.id)).toMatchObject({ total: 10, reserved: 2, available: 8 });

  await signIn(page, { path: `/orders/${order.id}` });
  const steps = page.getByRole("list", { name: "Andamento do pedido" });
  await expect(steps.locator("[aria-current=step]")).toHaveText("Aberto");
  await expect(page.getByRole("cell", { name: "2 reservado" })).toBeVisible();
  await expect(page.getByText("As contas a receber dos pagamentos são geradas ao faturar.")).toBeVisible();

  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(toast(page, "Situação alterada para “Confirmado”")).toBeVisible();
  await expect(steps.locator("[aria-current=step]")).toHaveText("Confirmado");

  // Invoicing needs the NF-e: the dialog asks for its key before the move.
  await page.getByRole("button", { name: "Faturar" }).click();
  const dialog = page.getByRole("dialog", { name: "Faturar: “Faturado”" });
  // The demo's company is taxed, so the panel offers to issue the NF-e here (contract §13): this one was issued elsewhere.
  await dialog.getByRole("radio", { name: "Informar NF-e emitida em outro sistema" }).check();
  await dialog.getByLabel("Chave de acesso da NF-e").fill("1234");
  await expect(dialog.getByText("A chave de acesso precisa ter 44 dígitos")).toBeVisible();
  await dialog.getByLabel("Chave de acesso da NF-e").fill(nfeKey());
  await dialog
    .getByLabel("DANFE (PDF)")
    .setInputFiles({ name: "danfe.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n") });
  await dialog.getByRole("button", { name: "Faturar" }).click();
  await expect(toast(page, "Situação alterada para “Faturado”")).toBeVisible();
  await expect(steps.locator("[aria-current=step]")).toHaveText("Faturado");
  await expect(page.getByRole("cell", { name: "Baixado" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Parcela 1" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Parcela 2" })).toBeVisible();
  // From invoicing on only the status changes: no edit.
  await expect(page.getByRole("link", { name: "Editar pedido" })).toHaveCount(0);

  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(toast(page, "Situação alterada para “Enviado”")).toBeVisible();
  await page.getByRole("button", { name: "Marcar entregue" }).click();
  await expect(toast(page, "Situação alterada para “Entregue”")).toBeVisible();
  await expect(steps.locator("[aria-current=step]")).toHaveText("Entregue");
  // Delivered is the end of the road: no next move, and canceling is no longer offered.
  await expect(page.getByRole("button", { name: "Cancelar pedido" })).toHaveCount(0);

  expect(await stockOf(request, admin, product.id, warehouse.id)).toMatchObject({ total: 8, reserved: 0, available: 8 });
  const receivables = await get(request, admin, `/financials?order_id=${order.id}`);
  expect(receivables.items.map((record: { value: number }) => record.value).sort()).toEqual([50, 50]);
  const ledger = await get(request, admin, `/stock?product_id=${product.id}&warehouse_id=${warehouse.id}`);
  await page.goto(`/stock/${ledger.items[0].id}`);
  await expect(page.getByRole("cell", { name: /Baixado no faturamento do pedido/ })).toBeVisible();
  // The ledger names the order by its number.
  const { number } = await get(request, admin, `/orders/${order.id}`);
  await page
    .getByRole("link", { name: `Pedido nº ${number.toLocaleString("pt-BR")}`, exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
});

test("canceling an order asks first, says what it gives back, and returns its stock and its coupon's use", async ({
  page,
  request,
  admin,
}) => {
  test.slow();
  const coupon = await post(request, admin, "/coupons", { code: `VOLTA${Date.now()}`, name: "Volta", value: 5, max_uses: 1 });
  const { order, product, warehouse } = await orderOf(request, admin, 3, { coupons: [{ coupon_id: coupon.id }] });
  expect((await get(request, admin, `/coupons/${coupon.id}`)).uses).toBe(1);

  await signIn(page, { path: `/orders/${order.id}` });
  await expect(page.getByRole("cell", { name: "3 reservado" })).toBeVisible();
  await page.getByRole("button", { name: "Cancelar pedido" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Cancelar este pedido?" });
  await expect(dialog.getByText(`3 de ${product.name} ao disponível em ${warehouse.name}`)).toBeVisible();
  await expect(dialog.getByText(`um uso do cupom ${coupon.code}`)).toBeVisible();
  // Backing out changes nothing.
  await dialog.getByRole("button", { name: "Cancelar", exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(await stockOf(request, admin, product.id, warehouse.id)).toMatchObject({ reserved: 3 });

  await page.getByRole("button", { name: "Cancelar pedido" }).click();
  await dialog.getByRole("button", { name: "Cancelar pedido" }).click();
  await expect(toast(page, "Situação alterada para “Cancelado”")).toBeVisible();
  await expect(page.getByText("Pedido cancelado: o estoque reservado e os cupons foram devolvidos.")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Nada reservado" })).toBeVisible();

  expect(await stockOf(request, admin, product.id, warehouse.id)).toMatchObject({ total: 10, reserved: 0, available: 10 });
  expect((await get(request, admin, `/coupons/${coupon.id}`)).uses).toBe(0);
});
