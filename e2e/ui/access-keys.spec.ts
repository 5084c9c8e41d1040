import { expect, test, unique } from "../fixtures";
import { signIn, toast } from "./panel";

/** Today in Brazil as dd/mm/aaaa. */
const today = () =>
  new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "America/Sao_Paulo" }).format(new Date());

test("an access key's code is shown once, the list dates it dd/mm/aaaa, and the key can be revoked", async ({ page }) => {
  const name = unique("Key");
  await signIn(page, { path: "/access-keys" });
  await page.getByRole("button", { name: "Nova chave de acesso" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Nome" }).fill(name);
  await dialog.getByRole("combobox", { name: "Perfil de acesso" }).click();
  await page.getByRole("option", { name: /^Gerente/ }).click();
  await dialog.getByRole("button", { name: "Criar chave" }).click();

  await expect(dialog.getByRole("heading", { name: "Chave de acesso criada" })).toBeVisible();
  await expect(dialog).toContainText("só é mostrado desta vez");
  const code = await dialog.getByTestId("access-key-code").textContent();
  expect(code?.length).toBeGreaterThan(20);
  await dialog.getByRole("button", { name: "Já copiei o código" }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Gerente");
  await expect(row).toContainText("Nunca");
  // The cell under the "created" column, whatever columns (the row's checkbox) come first.
  const headers = await page.getByRole("columnheader").allInnerTexts();
  const created = headers.findIndex((text) => /criad/i.test(text));
  expect(created).toBeGreaterThan(-1);
  await expect(row.getByRole("cell").nth(created)).toHaveText(new RegExp(`^${today().replaceAll("/", "\\/")} \\d{2}:\\d{2}$`));
  await expect(page.getByText(code ?? "")).toHaveCount(0);

  await row.getByRole("button", { name: `Ações de ${name}` }).click();
  await page.getByRole("menuitem", { name: "Revogar" }).click();
  await page.getByRole("alertdialog", { name: "Revogar chave de acesso?" }).getByRole("button", { name: "Revogar" }).click();
  await expect(toast(page, "Chave de acesso revogada")).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("the users list shows when each user was created as dd/mm/aaaa", async ({ page }) => {
  await signIn(page, { path: "/users" });
  // The cell under the "created" column, whatever columns (selection, chosen ones) come first.
  const table = page.getByRole("table", { name: "Usuários" });
  const headers = await table.getByRole("columnheader").allInnerTexts();
  const column = headers.findIndex((text) => /criad/i.test(text));
  expect(column).toBeGreaterThan(-1);
  const created = table.getByRole("row").nth(1).getByRole("cell").nth(column);
  await expect(created).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
});
