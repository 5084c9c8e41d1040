import ExcelJS from "exceljs";
import { expect, test, unique } from "../fixtures";
import { post } from "./order-data";
import { signIn, toast } from "./panel";

/**
 * Contract §14 through the panel: a newcomer downloads the products template, fills it in
 * (here: the template itself, its example row made this run's), uploads it, sees the preview
 * with a bad row's error in place and the counts, applies the good rows, finds the products
 * and the import in the history.
 */
test("imports products from the template: preview with errors in place, apply, the import's page", async ({ page, request, admin }) => {
  test.setTimeout(120_000);
  const brand = await post(request, admin, "/brands", { name: unique("Marca"), active: true });
  const sku = unique("IMP").replace(" ", "-");
  await signIn(page, { path: "/products" });
  await page.getByRole("button", { name: "Importar" }).click();
  const importing = page.getByRole("dialog", { name: "Importar produtos" });
  const downloading = page.waitForEvent("download");
  await importing.getByRole("link", { name: "Baixar modelo (.xlsx)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("modelo-products.xlsx");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe("Nome");
  // The example row, made this run's: its brand, no category or unit; then a row whose brand does not exist.
  const header = (sheet.getRow(1).values as string[]).slice(1);
  const column = (name: string) => header.indexOf(name) + 1;
  const example = sheet.getRow(2);
  example.getCell(column("SKU")).value = sku;
  example.getCell(column("Marca")).value = brand.name;
  example.getCell(column("Categoria")).value = "";
  example.getCell(column("Unidade")).value = "";
  const bad = sheet.getRow(3);
  bad.getCell(column("Nome")).value = "Produto com marca errada";
  bad.getCell(column("SKU")).value = `${sku}-2`;
  bad.getCell(column("Marca")).value = "Marca que não existe";
  bad.getCell(column("Preço")).value = "10,00";
  const file = Buffer.from(await workbook.xlsx.writeBuffer());

  await importing.getByLabel("Planilha").setInputFiles({ name: "produtos.xlsx", mimeType: "application/octet-stream", buffer: file });
  await expect(importing.getByText("Linha 3 · Marca")).toBeVisible();
  await expect(importing.getByRole("table")).toContainText("Criar");
  await expect(importing.getByRole("button", { name: "Aplicar importação" })).toBeDisabled();
  await importing.getByLabel("Ignorar a linha com erro e aplicar as demais").check();
  await importing.getByRole("button", { name: "Aplicar importação" }).click();
  await expect(toast(page, "Importação aplicada: 1 criados, 0 atualizados, 0 sem alteração")).toBeVisible();
  await expect(importing.getByRole("link", { name: "Abrir" })).toHaveAttribute("href", /^\/products\/[0-9a-f-]{36}$/);
  await importing.getByRole("link", { name: "Ver histórico de importações" }).click();
  await expect(page.getByRole("heading", { name: "Importação de produtos.xlsx" })).toBeVisible();
  await expect(page.getByText("Criados").first()).toBeVisible();
  await page.goto(`/products?search=${encodeURIComponent(sku)}`);
  await expect(page.getByRole("link", { name: "Furadeira de Impacto 650W" }).first()).toBeVisible();
  await page.goto("/imports");
  await expect(page.getByRole("link", { name: "produtos.xlsx" }).first()).toBeVisible();
});
