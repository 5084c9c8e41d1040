import { randomInt, randomUUID } from "node:crypto";
import { API, expect, test, unique } from "../fixtures";
import { signIn, toast } from "./panel";

/** A valid CNPJ (branch 0001). */
function cnpj(): string {
  const base = Array.from({ length: 8 }, () => randomInt(10)).join("") + "0001";
  const digit = (digits: string) => {
    const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = [...digits].reduce((sum, char, index) => sum + Number(char) * weights[index]!, 0) % 11;
    return rest < 2 ? "0" : String(11 - rest);
  };
  const first = base + digit(base);
  return first + digit(first);
}

test.describe("stock", () => {
  test("move stock, read the ledger, set the figures, import a CSV file with a preview and per-line errors", async ({
    page,
    request,
    admin,
  }) => {
    test.setTimeout(90_000);
    const post = async (path: string, data: object) => {
      const response = await request.post(`${API}${path}`, { headers: admin, data });
      expect(response.status(), await response.text()).toBeLessThan(300);
      return response.json();
    };
    const company = await post("/companies", { name: unique("Distribuidora"), fiscal_registration_number: cnpj() });
    const warehouse = await post("/warehouses", {
      name: unique("CD Sorocaba"),
      address_type: "COMMERCIAL",
      street: "Rua B",
      number: "2",
      complement: "",
      neighborhood: "Centro",
      city: "Sorocaba",
      state: "SP",
      country: "BR",
      postal_code: "18010-000",
      active: true,
    });
    const unit = await post("/measure-units", {
      abbreviation: `M${randomUUID().slice(0, 6).toUpperCase()}`,
      description: "Metro",
      decimals_for_quantity: 2,
      active: true,
    });
    const product = await post("/products", { name: unique("Cabo PP"), measure_unit_id: unit.id, attributes: { minimum_stock: 8 } });
    const key = { company_id: company.id, warehouse_id: warehouse.id, product_id: product.id };
    const created = await request.put(`${API}/stock/movement`, { headers: admin, data: { ...key, type: "INCREMENT", quantity: 10 } });
    expect(created.status()).toBe(200);

    await signIn(page, { path: `/stock?product_id=${product.id}` });
    await expect(page.getByRole("heading", { name: "Estoque", level: 1 })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: product.name });
    await expect(row).toContainText("10,00");

    // A DECREMENT of 2,5 m from the row's menu: the quantity takes the unit's two decimals.
    await row.getByRole("button", { name: `Ações de ${product.name}` }).click();
    await page.getByRole("menuitem", { name: "Movimentar estoque" }).click();
    const dialog = page.getByRole("dialog", { name: "Movimentar estoque" });
    await dialog.getByRole("combobox", { name: "Tipo" }).click();
    await page.getByRole("option", { name: "Saída" }).click();
    await dialog.getByRole("textbox", { name: "Quantidade" }).fill("2,5");
    await dialog.getByRole("textbox", { name: "Motivo" }).fill("Venda balcão");
    await dialog.getByRole("button", { name: "Registrar movimentação" }).click();
    await expect(toast(page, `Estoque de “${product.name}” movimentado`)).toBeVisible();
    await expect(row).toContainText("7,50");
    await expect(row.getByText("Estoque baixo")).toBeVisible();

    // More than is available is refused on the field, and nothing changes.
    await row.getByRole("button", { name: `Ações de ${product.name}` }).click();
    await page.getByRole("menuitem", { name: "Movimentar estoque" }).click();
    await dialog.getByRole("combobox", { name: "Tipo" }).click();
    await page.getByRole("option", { name: "Reserva" }).click();
    await dialog.getByRole("textbox", { name: "Quantidade" }).fill("9");
    await dialog.getByRole("button", { name: "Registrar movimentação" }).click();
    await expect(dialog.getByText(/Quantidade:/)).toBeVisible();
    await page.keyboard.press("Escape");

    // The ledger: newest first, with the reason and who made it.
    await row.getByRole("link", { name: product.name }).click();
    await expect(page.getByRole("heading", { name: `Extrato de ${product.name}` })).toBeVisible();
    const ledger = page.getByRole("table");
    await expect(ledger.getByRole("row")).toHaveCount(3);
    await expect(ledger.getByRole("row").nth(1)).toContainText("Saída");
    await expect(ledger.getByRole("row").nth(1)).toContainText("Venda balcão");
    await expect(ledger.getByRole("row").nth(2)).toContainText("Entrada");
    await expect(page.getByTestId("stock-available")).toContainText("7,50");

    // Set the figures after a count.
    await page.getByRole("button", { name: "Ajustar saldos" }).click();
    const override = page.getByRole("dialog", { name: "Ajustar os saldos" });
    await override.getByRole("textbox", { name: "Total" }).fill("20");
    await override.getByRole("button", { name: "Ajustar saldos" }).click();
    await expect(toast(page, `Saldos de “${product.name}” ajustados`)).toBeVisible();
    await expect(page.getByTestId("stock-total")).toContainText("20,00");
    await expect(ledger.getByRole("row").nth(1)).toContainText("Ajuste");

    // A spreadsheet (contract §14): a line with an unknown SKU shows its error in place and nothing is applied; the fixed file applies.
    await page.goto(`/stock?product_id=${product.id}`);
    await page.getByRole("button", { name: "Importar" }).click();
    const importing = page.getByRole("dialog", { name: "Importar saldos de estoque" });
    const header = "Empresa;Depósito;SKU;Quantidade;Reservado";
    const good = `${company.fiscal_registration_number};${warehouse.name};${product.sku};30,5;1`;
    const bad = `${company.fiscal_registration_number};${warehouse.name};NAO-EXISTE-${randomUUID().slice(0, 6)};4;`;
    await importing
      .getByLabel("Planilha")
      .setInputFiles({ name: "contagem.csv", mimeType: "text/csv", buffer: Buffer.from(`${header}\n${good}\n${bad}\n`) });
    await expect(importing.getByText("Linha 3 · SKU")).toBeVisible();
    await expect(importing.getByRole("button", { name: "Aplicar importação" })).toBeDisabled();
    await importing.getByRole("button", { name: "Importar outra planilha" }).click();
    await importing
      .getByLabel("Planilha")
      .setInputFiles({ name: "contagem.csv", mimeType: "text/csv", buffer: Buffer.from(`${header}\n${good}\n`) });
    await expect(importing.getByRole("table")).toContainText("Atualizar");
    await importing.getByRole("button", { name: "Aplicar importação" }).click();
    await expect(toast(page, "Importação aplicada: 0 criados, 1 atualizados, 0 sem alteração")).toBeVisible();
    await importing.getByRole("button", { name: "Fechar" }).first().click();
    await expect(row).toContainText("30,50");
    await expect(row).toContainText("29,50");
  });
});
