import { expect, test, unique } from "../fixtures";
import { signIn, toast, type Locale } from "./panel";

/** What the brand journey reads and clicks, in each language. */
const text = {
  "pt-BR": {
    newBrand: "Nova marca",
    name: "Nome",
    active: "Ativa",
    create: "Criar marca",
    required: "Nome: obrigatório",
    created: (name: string) => `Marca “${name}” criada`,
    search: "Buscar marcas pelo nome",
    inactive: "Inativo",
    activeBadge: "Ativo",
    save: "Salvar alterações",
    saved: (name: string) => `Marca “${name}” salva`,
    actionsFor: (name: string) => `Ações de ${name}`,
    delete: "Excluir",
    deleteTitle: "Excluir marca?",
    cancel: "Cancelar",
    deleted: "Marca excluída",
    noResults: "Nenhum resultado para a busca ou os filtros.",
    breadcrumb: "Trilha de navegação",
    brands: "Marcas",
  },
  en: {
    newBrand: "New brand",
    name: "Name",
    active: "Active",
    create: "Create brand",
    required: "Name: required",
    created: (name: string) => `Brand “${name}” created`,
    search: "Search brands by name",
    inactive: "Inactive",
    activeBadge: "Active",
    save: "Save changes",
    saved: (name: string) => `Brand “${name}” saved`,
    actionsFor: (name: string) => `Actions for ${name}`,
    delete: "Delete",
    deleteTitle: "Delete brand?",
    cancel: "Cancel",
    deleted: "Brand deleted",
    noResults: "No results match your search or filters.",
    breadcrumb: "Breadcrumb",
    brands: "Brands",
  },
} satisfies Record<Locale, unknown>;

test.describe("brands", () => {
  for (const locale of ["pt-BR", "en"] as const) {
    test(`create, find by search, edit and delete a brand (${locale})`, async ({ page }) => {
      const say = text[locale];
      const name = unique("Brand");
      await signIn(page, { locale });

      // Create: an empty name is refused inline before anything is sent.
      await page.getByRole("link", { name: say.newBrand }).click();
      await expect(page).toHaveURL(/\/brands\/new$/);
      await expect(page.getByRole("navigation", { name: say.breadcrumb }).getByRole("link", { name: say.brands })).toBeVisible();
      const nameInput = page.getByRole("textbox", { name: say.name });
      await page.getByRole("button", { name: say.create }).click();
      await expect(page.getByText(say.required)).toBeVisible();
      await expect(nameInput).toHaveAttribute("aria-invalid", "true");
      await expect(nameInput).toBeFocused();
      await nameInput.fill(name);
      await expect(page.getByText(say.required)).toBeHidden();
      await page.getByRole("switch", { name: say.active }).click();
      await page.getByRole("button", { name: say.create }).click();
      await expect(toast(page, say.created(name))).toBeVisible();
      await expect(page).toHaveURL(/\/brands$/);

      // Find it by search: the URL keeps the search, the row shows it inactive.
      await page.getByRole("searchbox", { name: say.search }).fill(name);
      await expect(page).toHaveURL(/[?&]search=/);
      await expect(page.getByTestId("page-range")).toHaveText(locale === "en" ? "1–1 of 1" : "1–1 de 1");
      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row.getByText(say.inactive)).toBeVisible();
      await page.reload();
      await expect(page.getByRole("searchbox", { name: say.search })).toHaveValue(name);
      await expect(row).toHaveCount(1);

      // Edit: the whole row opens the record, loaded from the server; an emptied name is refused; then renamed.
      await row.getByRole("cell").nth(1).click();
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await expect(nameInput).toHaveValue(name);
      await expect(page.getByRole("switch", { name: say.active })).not.toBeChecked();
      await nameInput.fill("   ");
      await page.getByRole("button", { name: say.save }).click();
      await expect(page.getByText(say.required)).toBeVisible();
      const renamed = `${name} renamed`;
      await nameInput.fill(renamed);
      await page.getByRole("switch", { name: say.active }).click();
      await page.getByRole("button", { name: say.save }).click();
      await expect(toast(page, say.saved(renamed))).toBeVisible();

      // Back on the list as it was left (same search).
      await expect(page).toHaveURL(/\/brands\?.*search=/);
      const renamedRow = page.getByRole("row").filter({ hasText: renamed });
      await expect(renamedRow.getByText(say.activeBadge, { exact: true })).toBeVisible();

      // Delete, after a confirmation that can be cancelled.
      await renamedRow.getByRole("button", { name: say.actionsFor(renamed) }).click();
      await page.getByRole("menuitem", { name: say.delete }).click();
      const dialog = page.getByRole("alertdialog", { name: say.deleteTitle });
      await expect(dialog).toContainText(renamed);
      await dialog.getByRole("button", { name: say.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(renamedRow).toHaveCount(1);
      await renamedRow.getByRole("button", { name: say.actionsFor(renamed) }).click();
      await page.getByRole("menuitem", { name: say.delete }).click();
      await dialog.getByRole("button", { name: say.delete }).click();
      await expect(toast(page, say.deleted)).toBeVisible();
      await expect(renamedRow).toHaveCount(0);
      await expect(page.getByText(say.noResults)).toBeVisible();
    });
  }

  test("the list sorts, filters and pages through the URL; a row opens from the keyboard", async ({ page }) => {
    const prefix = unique("Paged");
    await signIn(page);
    for (const letter of ["A", "B", "C"]) {
      const response = await page.request.post("/api/b2b/brands", { data: { name: `${prefix} ${letter}`, active: letter !== "B" } });
      expect(response.status()).toBe(201);
    }
    await page.goto(`/brands?search=${encodeURIComponent(prefix)}&perPage=10`);
    await expect(page.getByTestId("page-range")).toHaveText("1–3 de 3");

    const nameHeader = page.getByRole("columnheader", { name: "Nome" });
    await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
    await nameHeader.getByRole("button").click();
    await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
    await expect(page).toHaveURL(/dir=desc/);
    await expect(page.getByRole("row").nth(1)).toContainText(`${prefix} C`);

    await page.getByRole("combobox", { name: "Situação" }).click();
    await page.getByRole("option", { name: "Inativo" }).click();
    await expect(page).toHaveURL(/active=false/);
    await expect(page.getByTestId("page-range")).toHaveText("1–1 de 1");
    await expect(page.getByRole("row").nth(1)).toContainText(`${prefix} B`);

    await page.goBack();
    await expect(page.getByTestId("page-range")).toHaveText("1–3 de 3");

    await page.goto(`/brands?search=${encodeURIComponent(prefix)}&perPage=2`);
    await expect(page.getByTestId("page-range")).toHaveText("1–2 de 3");
    await page.getByRole("button", { name: "Próxima página" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId("page-range")).toHaveText("3–3 de 3");

    // The row itself is focusable and Enter opens it.
    const row = page.getByRole("row").filter({ hasText: `${prefix} C` });
    await row.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: `${prefix} C`, level: 1 })).toBeVisible();

    // A search typed and left at once for a row: the record opens and stays open. The
    // page's clock is the test's: a second runs at once, the search's wait included.
    await page.clock.install();
    await page.goto(`/brands?search=${encodeURIComponent(prefix)}`);
    await expect(page.getByTestId("page-range")).toHaveText("1–3 de 3");
    await page.getByRole("searchbox", { name: "Buscar marcas pelo nome" }).fill(`${prefix} A`);
    await page.getByRole("link", { name: `${prefix} A` }).click();
    await expect(page.getByRole("heading", { name: `${prefix} A`, level: 1 })).toBeVisible();
    await page.clock.runFor(1_000);
    await expect(page).toHaveURL(/\/brands\/[0-9a-f-]+$/);
    await expect(page.getByRole("heading", { name: `${prefix} A`, level: 1 })).toBeVisible();
  });

  test("at phone width the list is cards, each opening its brand", async ({ page }) => {
    const name = unique("Phone brand");
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page);
    expect((await page.request.post("/api/b2b/brands", { data: { name, active: true } })).status()).toBe(201);
    await page.goto(`/brands?search=${encodeURIComponent(name)}`);
    await expect(page.getByRole("table")).toHaveCount(0);
    const card = page.getByRole("list", { name: "Marcas" }).getByRole("listitem").filter({ hasText: name });
    await expect(card).toContainText("Ativo");
    await card.getByText("Situação").click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  });
});
