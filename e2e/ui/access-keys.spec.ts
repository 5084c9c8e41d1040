import { expect, test, unique } from "../fixtures";
import { signIn, toast } from "./panel";

test("an access key's code is shown once, and the key can be revoked", async ({ page }) => {
  const name = unique("Key");
  await signIn(page, { path: "/access-keys" });
  await page.getByRole("button", { name: "New access key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await dialog.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: /^Manager/ }).click();
  await dialog.getByRole("button", { name: "Create key" }).click();

  await expect(dialog.getByRole("heading", { name: "Access key created" })).toBeVisible();
  await expect(dialog).toContainText("shown only this once");
  const code = await dialog.getByTestId("access-key-code").textContent();
  expect(code?.length).toBeGreaterThan(20);
  await dialog.getByRole("button", { name: "I have copied the code" }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Manager");
  await expect(page.getByText(code ?? "")).toHaveCount(0);

  await row.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Revoke" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
  await expect(toast(page, "Access key revoked")).toBeVisible();
  await expect(row).toHaveCount(0);
});
