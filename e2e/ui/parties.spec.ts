import { randomInt } from "node:crypto";
import { completeCnpj, formatFiscalNumber } from "../../server/lib/fiscal-number";
import { ADMIN, expect, test, unique } from "../fixtures";

test("a seller of the back office registers a partner with a CNPJ and finds it by search", async ({ page }) => {
  const cnpj = completeCnpj(`${Array.from({ length: 8 }, () => randomInt(10)).join("")}0001`);
  const wrong = cnpj.slice(0, -1) + String((Number(cnpj.at(-1)) + 1) % 10);
  const name = unique("Ferragens Boa Vista");

  await page.goto("/sign-in?callbackUrl=%2Fpartners");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Partners", level: 1 })).toBeVisible();

  await page.getByRole("link", { name: "New partner" }).click();
  await expect(page.getByRole("heading", { name: "New partner" })).toBeVisible();
  await page.getByLabel("Legal name").fill(name);
  await page.getByLabel("Trade name").fill("Boa Vista");

  // The mask applies while typing; a wrong check digit is an inline error before any request.
  const fiscalNumber = page.getByLabel("CPF or CNPJ");
  await fiscalNumber.pressSequentially(wrong);
  await expect(fiscalNumber).toHaveValue(formatFiscalNumber(wrong));
  await fiscalNumber.blur();
  await expect(page.getByText("CPF or CNPJ must be a valid CPF or CNPJ")).toBeVisible();
  await expect(fiscalNumber).toHaveAttribute("aria-invalid", "true");

  await fiscalNumber.fill(cnpj);
  await expect(fiscalNumber).toHaveValue(formatFiscalNumber(cnpj));
  await expect(page.getByText("CPF or CNPJ must be a valid CPF or CNPJ")).toBeHidden();

  await page.getByRole("button", { name: "Add address" }).click();
  const address = page.getByRole("listitem", { name: "Address 1" });
  await address.getByLabel("Street").fill("Rua Voluntários da Pátria");
  await address.getByLabel("City").fill("São Paulo");
  await address.getByLabel("State").fill("SP");
  await expect(address.getByLabel("Default address")).toBeChecked();

  await page.getByRole("button", { name: "Create partner" }).click();
  await expect(page.getByText(`Partner “${name}” created`)).toBeVisible();
  await expect(page).toHaveURL(/\/partners$/);

  await page.getByRole("searchbox").fill(cnpj);
  const table = page.getByRole("table", { name: "Partners" });
  await expect(table.getByRole("row")).toHaveCount(2);
  const row = table.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(formatFiscalNumber(cnpj));
  await expect(row).toContainText("São Paulo / SP");

  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByLabel("CPF or CNPJ")).toHaveValue(formatFiscalNumber(cnpj));
});
