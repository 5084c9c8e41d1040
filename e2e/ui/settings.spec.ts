import { API, expect, login, test, unique } from "../fixtures";
import { signIn, toast } from "./panel";

test.describe("settings", () => {
  test("create a status with its colours, watching the preview chip, and find it by type", async ({ page }) => {
    const title = unique("Aguardando coleta");
    await signIn(page, { path: "/statuses" });
    await page.getByRole("link", { name: "Nova situação" }).click();
    await expect(page).toHaveURL(/\/statuses\/new$/);

    const preview = page.getByTestId("status-preview");
    await expect(preview).toHaveText("Situação");
    await page.getByRole("textbox", { name: "Título" }).fill(title);
    await expect(preview).toHaveText(title);

    await page.getByRole("combobox", { name: "Tipo" }).click();
    await page.getByRole("option", { name: "Venda" }).click();

    // A bad colour is refused inline; a good one recolours the preview at once.
    const background = page.getByRole("textbox", { name: "Cor de fundo", exact: true });
    await background.fill("orange");
    await page.getByRole("button", { name: "Criar situação" }).click();
    await expect(page.getByText("Cor de fundo: deve ser uma cor no formato #rrggbb")).toBeVisible();
    await background.fill("#1D4ED8");
    await expect(preview).toHaveCSS("background-color", "rgb(29, 78, 216)");
    await page.getByRole("textbox", { name: "Cor da fonte", exact: true }).fill("#ffffff");
    await expect(preview).toHaveCSS("color", "rgb(255, 255, 255)");
    await expect(page.getByLabel("Escolher a cor de fundo")).toHaveValue("#1d4ed8");

    await page.getByRole("button", { name: "Criar situação" }).click();
    await expect(toast(page, `Situação “${title}” criada`)).toBeVisible();
    await expect(page).toHaveURL(/\/statuses$/);

    // The list groups the statuses by type; filtered by type it shows the sale ones, in their colours.
    await expect(page.getByRole("rowheader", { name: "Situações de Pedido" })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "Situações de Venda" })).toBeVisible();
    await page.getByRole("combobox", { name: "Tipo" }).click();
    await page.getByRole("option", { name: "Venda" }).click();
    await expect(page).toHaveURL(/[?&]type=SALE/);
    await expect(page.getByRole("link", { name: "Pendente" })).toBeVisible();
    const chip = page.getByRole("link", { name: title });
    await expect(chip.locator("span")).toHaveCSS("background-color", "rgb(29, 78, 216)");

    // Open it: the form is loaded with the stored colours; then delete it.
    await chip.click();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Cor de fundo", exact: true })).toHaveValue("#1d4ed8");
    await page.getByRole("button", { name: "Excluir" }).click();
    await page.getByRole("alertdialog", { name: "Excluir situação?" }).getByRole("button", { name: "Excluir" }).click();
    await expect(toast(page, "Situação excluída")).toBeVisible();
    // Back on the list as it was left (filtered by type).
    await expect(page).toHaveURL(/\/statuses\?type=SALE$/);
  });

  test("edit the weekly opening hours of a delivery method, with the overlap caught before saving", async ({ page, request }) => {
    const headers = { authorization: `Bearer ${await login(request)}` };
    const created = await request.post(`${API}/delivery-methods`, {
      headers,
      data: { name: unique("Retirada"), type: "PICKUP", price_type: "FREE" },
    });
    expect(created.status()).toBe(201);
    const method = await created.json();

    await signIn(page, { path: `/delivery-methods/${method.id}` });
    await expect(page.getByRole("heading", { name: method.name, level: 1 })).toBeVisible();
    const monday = page.getByTestId("weekday-1");
    await expect(monday).toContainText("Fechado");

    await page.getByRole("button", { name: "Adicionar horário em Segunda-feira" }).click();
    await expect(page.getByLabel("Segunda-feira, horário 1: abre")).toHaveValue("08:00");
    await expect(page.getByLabel("Segunda-feira, horário 1: fecha")).toHaveValue("12:00");
    await page.getByRole("button", { name: "Adicionar horário em Segunda-feira" }).click();
    await expect(page.getByLabel("Segunda-feira, horário 2: abre")).toHaveValue("12:00");

    // An overlap is shown on the range and blocks the save.
    await page.getByLabel("Segunda-feira, horário 2: abre").fill("11:00");
    await expect(monday.getByRole("alert")).toContainText("Abertura: sobrepõe 08:00–12:00 de segunda-feira");
    await expect(page.getByRole("button", { name: "Salvar horários" })).toBeDisabled();
    await page.getByLabel("Segunda-feira, horário 2: abre").fill("13:00");
    await page.getByLabel("Segunda-feira, horário 2: fecha").fill("18:00");
    await expect(monday.getByRole("alert")).toHaveCount(0);

    await page.getByRole("button", { name: "Adicionar horário em Sábado" }).click();
    // Unsaved hours are guarded like any form.
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Situações" }).click();
    const leave = page.getByRole("alertdialog", { name: "Descartar as alterações?" });
    await leave.getByRole("button", { name: "Continuar editando" }).click();
    await expect(leave).toBeHidden();
    await page.getByRole("button", { name: "Salvar horários" }).click();
    await expect(toast(page, "Horários de funcionamento salvos")).toBeVisible();

    const stored = await (await request.get(`${API}/delivery-methods/${method.id}/opening-hours`, { headers })).json();
    expect(stored).toEqual([
      { weekday: 1, open_time: "08:00", close_time: "12:00" },
      { weekday: 1, open_time: "13:00", close_time: "18:00" },
      { weekday: 6, open_time: "08:00", close_time: "12:00" },
    ]);

    // Removing a range and saving replaces the whole list.
    await page.reload();
    await page.getByRole("button", { name: "Remover Sábado, horário 1" }).click();
    await page.getByRole("button", { name: "Salvar horários" }).click();
    await expect(toast(page, "Horários de funcionamento salvos")).toBeVisible();
    const after = await (await request.get(`${API}/delivery-methods/${method.id}/opening-hours`, { headers })).json();
    expect(after.map((hour: { weekday: number }) => hour.weekday)).toEqual([1, 1]);
  });
});
