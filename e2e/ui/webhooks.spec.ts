import { createHmac } from "node:crypto";
import { startReceiver } from "../../tests/helpers/receiver";
import { expect, test } from "../fixtures";
import { signIn, toast } from "./panel";

test("an admin creates a webhook pointing at a receiver, copies the secret once, sends a test event and sees it delivered in the log", async ({
  page,
}) => {
  const inbox = await startReceiver(() => ({ status: 200, body: "thanks" }));
  try {
    // A path of its own, so the row is this test's whatever else the list holds.
    const url = `${inbox.url}/${crypto.randomUUID()}`;
    await signIn(page, { path: "/webhooks" });
    await page.getByRole("button", { name: "Novo webhook" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "URL" }).fill(url);
    // Saving without events says which field is missing.
    await dialog.getByRole("button", { name: "Criar webhook" }).click();
    await expect(dialog.getByRole("group", { name: "Eventos" })).toContainText("Eventos:");
    await dialog.getByRole("checkbox", { name: /Pedido criado/ }).check();
    await dialog.getByRole("checkbox", { name: /Venda criada/ }).check();
    await dialog.getByRole("button", { name: "Criar webhook" }).click();

    await expect(dialog.getByRole("heading", { name: "Webhook criado" })).toBeVisible();
    await expect(dialog).toContainText("só é mostrado desta vez");
    await expect(dialog.getByRole("button", { name: "Copiar o segredo" })).toBeVisible();
    const secret = (await dialog.getByTestId("webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole("button", { name: "Já copiei o segredo" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(secret)).toHaveCount(0);

    const row = page.getByRole("row").filter({ hasText: url });
    await expect(row).toContainText("Venda criada, Pedido criado");
    // The whole row opens the endpoint: a click on its URL's cell (not the row's checkbox).
    await row.getByRole("cell").filter({ hasText: url }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(url);

    await page.getByRole("button", { name: "Enviar evento de teste" }).click();
    await expect(toast(page, "Evento de teste enviado para a fila")).toBeVisible();
    await inbox.waitFor(1);
    const [request] = inbox.received;
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request!.headers["x-signature"])) ?? [];
    expect(createHmac("sha256", secret).update(`${t}.${request!.body}`).digest("hex")).toBe(v1);

    const log = page.getByRole("table", { name: "Entregas" });
    const delivery = log.getByRole("row").filter({ hasText: "webhook.test" });
    await expect(delivery.getByTestId("delivery-status")).toHaveText("Entregue");
    await expect(delivery).toContainText("200");
    await delivery.getByRole("button", { name: "Ver as tentativas" }).click();
    const attempts = page.getByRole("dialog");
    await expect(attempts.getByRole("table")).toContainText("thanks");
    await expect(attempts.getByRole("table")).toContainText(/\d+ ms/);
    await page.keyboard.press("Escape");

    await delivery.getByRole("button", { name: "Reenviar" }).click();
    await expect(toast(page, "Entrega enviada de novo para a fila")).toBeVisible();
    await inbox.waitFor(2);
    await expect(delivery.getByRole("button", { name: "Ver as tentativas" })).toContainText("2");

    // Only the events and the active switch change: the URL stays.
    await page.getByRole("switch", { name: "Ativo" }).click();
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(toast(page, `Webhook para “${url}” salvo`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar evento de teste" })).toBeDisabled();
  } finally {
    await inbox.close();
  }
});

test("the webhooks page in English", async ({ page }) => {
  await signIn(page, { path: "/webhooks", locale: "en" });
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "New webhook" }).click();
  await expect(page.getByRole("dialog").getByRole("checkbox", { name: /Order creation requested/ })).toBeVisible();
});
