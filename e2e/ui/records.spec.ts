import { API, expect, login, test, unique } from "../fixtures";
import { signIn, toast } from "./panel";

test.describe("records", () => {
  test("leaving a form with unsaved changes asks first: a link, the back button", async ({ page }) => {
    const name = unique("Guarded brand");
    await signIn(page);
    expect((await page.request.post("/api/b2b/brands", { data: { name, active: true } })).status()).toBe(201);
    await page.goto(`/brands?search=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name }).click();
    const nameInput = page.getByRole("textbox", { name: "Nome" });
    await expect(nameInput).toHaveValue(name);

    // Untouched: links just go.
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Perfis" }).click();
    await expect(page.getByRole("heading", { name: "Perfis", level: 1 })).toBeVisible();
    await page.goBack();
    await expect(nameInput).toHaveValue(name);

    // Changed: a link asks; "keep editing" stays with the change.
    await nameInput.fill(`${name} changed`);
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Categorias" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Descartar as alterações?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Continuar editando" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/brands\/[0-9a-f-]+$/);
    await expect(nameInput).toHaveValue(`${name} changed`);

    // The back button asks too.
    await page.goBack();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Continuar editando" }).click();
    await expect(page).toHaveURL(/\/brands\/[0-9a-f-]+$/);
    await expect(nameInput).toHaveValue(`${name} changed`);

    // Discarding leaves; nothing was saved.
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Categorias" }).click();
    await dialog.getByRole("button", { name: "Descartar alterações" }).click();
    await expect(page.getByRole("heading", { name: "Categorias", level: 1 })).toBeVisible();
    const brands = await (await page.request.get(`/api/b2b/brands?search=${encodeURIComponent(name)}`)).json();
    expect(brands.items.map((brand: { name: string }) => brand.name)).toEqual([name]);
  });

  test("a refused save brings the first error into view below the header, focused", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await signIn(page, { path: "/partners/new" });
    await page.getByRole("button", { name: "Criar parceiro" }).click();
    const name = page.getByRole("textbox", { name: "Razão social" });
    await expect(name).toBeFocused();
    await expect(name).toBeInViewport();
    const top = (await name.boundingBox())!.y;
    const header = (await page.getByRole("banner").boundingBox())!;
    expect(top).toBeGreaterThan(header.y + header.height);
  });

  test("free-form attributes are typed rows: text, number, yes/no and date, with unique names", async ({ page, request }) => {
    const headers = { authorization: `Bearer ${await login(request)}` };
    const name = unique("Attributed brand");
    await signIn(page, { path: "/brands/new" });
    await page.getByRole("textbox", { name: "Nome" }).fill(name);
    const add = page.getByRole("button", { name: "Adicionar atributo" });

    await add.click();
    await page.getByRole("textbox", { name: "Nome do atributo 1" }).fill("origem");
    await page.getByRole("textbox", { name: "Valor do atributo 1" }).fill("Nacional");

    await add.click();
    await page.getByRole("textbox", { name: "Nome do atributo 2" }).fill("prazo");
    await page.getByRole("combobox", { name: "Tipo do atributo 2" }).click();
    await page.getByRole("option", { name: "Número" }).click();
    const number = page.getByRole("textbox", { name: "Valor do atributo 2" });
    await number.fill("abc");
    await expect(page.getByText("prazo: não é um número; digite como 1.234,56")).toBeVisible();
    await number.fill("1.234,5");

    await add.click();
    await page.getByRole("textbox", { name: "Nome do atributo 3" }).fill("importada");
    await page.getByRole("combobox", { name: "Tipo do atributo 3" }).click();
    await page.getByRole("option", { name: "Sim / não" }).click();
    await page.getByRole("switch", { name: "Valor do atributo 3" }).click();

    await add.click();
    await page.getByRole("textbox", { name: "Nome do atributo 4" }).fill("origem");
    await expect(page.getByText("origem: o nome origem se repete; use cada nome uma vez")).toBeVisible();
    await page.getByRole("button", { name: "Criar marca" }).click();
    await expect(page).toHaveURL(/\/brands\/new$/);
    await expect(page.getByRole("textbox", { name: "Nome do atributo 4" })).toBeFocused();
    await page.getByRole("textbox", { name: "Nome do atributo 4" }).fill("desde");
    await page.getByRole("combobox", { name: "Tipo do atributo 4" }).click();
    await page.getByRole("option", { name: "Data" }).click();
    await page.getByLabel("Valor do atributo 4").fill("15/03/2024");

    await page.getByRole("button", { name: "Criar marca" }).click();
    await expect(toast(page, `Marca “${name}” criada`)).toBeVisible();
    const found = await (await request.get(`${API}/brands?search=${encodeURIComponent(name)}`, { headers })).json();
    const brand = await (await request.get(`${API}/brands/${found.items[0].id}`, { headers })).json();
    expect(brand.attributes).toEqual({ origem: "Nacional", prazo: 1234.5, importada: true, desde: "2024-03-15" });

    // Back on the record: each row with its type, never raw JSON (in whatever order the database keeps the keys).
    await page.goto(`/brands/${brand.id}`);
    const rows = page.getByRole("group", { name: "Atributos" }).getByRole("listitem");
    await expect(rows).toHaveCount(4);
    const row = (key: string) => rows.filter({ has: page.locator(`input[value="${key}"]`) });
    await expect(row("origem").getByRole("textbox", { name: /^Valor/ })).toHaveValue("Nacional");
    await expect(row("prazo").getByRole("combobox", { name: /^Tipo/ })).toHaveText("Número");
    await expect(row("prazo").getByRole("textbox", { name: /^Valor/ })).toHaveValue("1.234,5");
    await expect(row("importada").getByRole("switch")).toBeChecked();
    await expect(row("desde").getByLabel(/^Valor/)).toHaveValue("15/03/2024");
  });

  test("an address that is no page shows a 404 inside the app frame", async ({ page }) => {
    await signIn(page);
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "Página não encontrada", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Principal" })).toBeVisible();
    await page.getByRole("link", { name: "Ir para a página inicial" }).click();
    // The home page is the dashboard.
    await expect(page.getByRole("heading", { name: "Painel", level: 1 })).toBeVisible();
  });
});
