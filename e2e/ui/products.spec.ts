import { randomInt } from "node:crypto";
import { expect, login, test, unique, API } from "../fixtures";
import { signIn, toast } from "./panel";

/** A 1×1 PNG: real image bytes, as the server checks them. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** A made-up word of letters only, so search treats it as a word (typos are tolerated in words of letters). */
function madeUpWord(length = 9): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  return Array.from({ length }, () => letters[randomInt(letters.length)]).join("");
}

test.describe("products", () => {
  test("create a product with two images and a variation, then find it by a misspelled, accent-less name", async ({ page, request }) => {
    const headers = { authorization: `Bearer ${await login(request)}` };
    const word = madeUpWord();
    const name = `Parafusadeira Elétrica ${word[0]!.toUpperCase()}${word.slice(1)}`;
    const colour = unique("Cor");
    const variation = await request.post(`${API}/variations`, {
      headers,
      data: { name: colour, active: true, values: ["Azul", "Vermelho"] },
    });
    expect(variation.status(), await variation.text()).toBe(201);

    await signIn(page, { path: "/products" });
    await page.getByRole("link", { name: "Novo produto" }).click();
    await expect(page).toHaveURL(/\/products\/new$/);
    await page.getByRole("textbox", { name: "Nome" }).fill(name);
    await page.getByRole("textbox", { name: "Preço" }).fill("189,90");

    // A wrong EAN is refused with its own message, before anything is sent.
    const ean = page.getByRole("textbox", { name: "EAN (GTIN)" });
    await ean.fill("7891234567890");
    await ean.blur();
    await expect(page.getByText("EAN (GTIN): deve ser um GTIN-8, 12, 13 ou 14 com dígito verificador válido")).toBeVisible();
    await ean.fill("7891234567895");
    await expect(page.getByText(/EAN \(GTIN\): deve ser/)).toBeHidden();

    await page.getByRole("button", { name: "Gerar SKU" }).click();
    await expect(page.getByRole("textbox", { name: "SKU" })).toHaveValue(/^PARAFUSADEIRA-ELETRICA/);

    // Two images: one through the file chooser, one dropped on the picker.
    const images = page.getByRole("group", { name: "Imagens" });
    await images.locator('input[type="file"]').setInputFiles({ name: "frente.png", mimeType: "image/png", buffer: PNG });
    await expect(images.getByRole("img", { name: `${name}, imagem 1 de 1` })).toBeVisible();
    const dropped = await page.evaluateHandle((base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], "lado.png", { type: "image/png" }));
      return transfer;
    }, PNG.toString("base64"));
    await page.getByTestId("image-drop-zone").dispatchEvent("drop", { dataTransfer: dropped });
    await expect(images.getByRole("img", { name: `${name}, imagem 2 de 2` })).toBeVisible();
    await expect(page.getByText("1 imagem enviada")).toBeAttached();

    // The second becomes the main one and moves first, by keyboard.
    await images.getByRole("button", { name: "Tornar a imagem 2 a principal" }).click();
    await expect(images.getByRole("button", { name: "Tornar a imagem 2 a principal" })).toHaveAttribute("aria-pressed", "true");
    await images.getByRole("button", { name: "Mover a imagem 2 para antes" }).focus();
    await page.keyboard.press("Enter");
    await expect(images.getByRole("button", { name: "Tornar a imagem 1 a principal" })).toHaveAttribute("aria-pressed", "true");
    await expect(images.getByRole("button", { name: "Mover a imagem 1 para depois" })).toBeFocused();

    await page.getByRole("button", { name: "Criar produto" }).click();
    await expect(toast(page, new RegExp(`Produto “${name}” criado com o SKU PARAFUSADEIRA-ELETRICA`))).toBeVisible();
    await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop()!;

    // A variation of the product: a value of the named variation and its own price.
    const variations = page.getByRole("region", { name: "Variações" });
    await variations.getByRole("button", { name: "Nova variação" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova variação" });
    await dialog.getByRole("textbox", { name: "Nome" }).fill("Azul");
    await dialog.getByRole("combobox", { name: "Variação 1" }).click();
    await page.getByRole("option", { name: colour }).click();
    await dialog.getByRole("combobox", { name: "Valor 1" }).click();
    await page.getByRole("option", { name: "Azul" }).click();
    await dialog.getByRole("textbox", { name: "Preço" }).fill("199,90");
    await dialog.getByRole("button", { name: "Criar variação" }).click();
    await expect(toast(page, /Variação “Azul” criada com o SKU/)).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = variations.getByRole("row").filter({ hasText: "Azul" });
    await expect(row).toContainText(`${colour}: Azul`);
    await expect(row).toContainText(/R\$\s199,90/);

    // What was stored: two images in the order chosen, the dropped one main; the variation's price.
    const product = await (await request.get(`${API}/products/${id}`, { headers })).json();
    expect(product.images).toHaveLength(2);
    expect(product.images.map((image: { main: boolean }) => image.main)).toEqual([true, false]);
    expect(product.main_image_url).toBe(product.images[0].url);
    expect(product.price).toBe(189.9);
    expect(product.ean).toBe("7891234567895");
    const stored = await (await request.get(`${API}/products/${id}/variations`, { headers })).json();
    expect(stored.items).toMatchObject([{ name: "Azul", price: 199.9, values: [{ value: "Azul" }] }]);
    const main = await request.get(product.main_image_url);
    expect(main.status()).toBe(200);
    expect(main.headers()["content-type"]).toBe("image/png");

    // Found by a misspelled, accent-less name: "eletrica" without its accent, one letter of the made-up word wrong.
    const typo = `${word.slice(0, 4)}${word[4] === "a" ? "e" : "a"}${word.slice(5)}`;
    await page.goto("/products");
    await page.getByRole("searchbox", { name: "Buscar produtos por nome, SKU, marca ou categoria" }).fill(`parafusadeira eletrica ${typo}`);
    await expect(page).toHaveURL(/[?&]search=/);
    const found = page.getByRole("row").filter({ hasText: name });
    await expect(found).toBeVisible();
    await expect(page.getByTestId("page-range")).toHaveText("1–1 de 1");
    await expect(found.getByRole("img", { name: `Imagem principal de ${name}` })).toBeVisible();
    await expect(found).toContainText(/R\$\s189,90/);
  });

  test("the brand filter searches every brand on the server, not only the first page", async ({ page, request }) => {
    const headers = { authorization: `Bearer ${await login(request)}` };
    // Sorted last by name, so never among the first choices of a plain select.
    const brand = `Zzz ${madeUpWord(6)}`;
    const created = await request.post(`${API}/brands`, { headers, data: { name: brand, active: true } });
    expect(created.status(), await created.text()).toBe(201);
    const product = unique("Chave de brand filter");
    const made = await request.post(`${API}/products`, { headers, data: { name: product, brand_id: (await created.json()).id } });
    expect(made.status(), await made.text()).toBe(200);

    await signIn(page, { path: "/products" });
    await page.getByRole("combobox", { name: /^Marca/ }).click();
    await page.getByRole("combobox", { name: "Filtrar as opções de marca" }).fill(brand.slice(0, 8));
    await page.getByRole("option", { name: brand }).click();
    await expect(page).toHaveURL(/[?&]brand_id=/);
    await expect(page.getByRole("combobox", { name: new RegExp(`^Marca ${brand}`) })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: product })).toBeVisible();
    await expect(page.getByTestId("page-range")).toHaveText("1–1 de 1");
  });
});
