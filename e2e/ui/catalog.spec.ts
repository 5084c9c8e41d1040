import { expect, test, unique } from "../fixtures";
import { signIn, toast } from "./panel";

test.describe("catalog lookups", () => {
  test("create a measure unit and disable it; add a category under a parent and find it in the tree", async ({ page }) => {
    const code = `T${crypto.randomUUID().slice(0, 5).toUpperCase()}`;
    await signIn(page, { path: "/measure-units" });

    // A measure unit: the decimals are checked inline before anything is sent.
    await page.getByRole("link", { name: "Nova unidade de medida" }).click();
    await expect(page).toHaveURL(/\/measure-units\/new$/);
    await page.getByRole("textbox", { name: "Sigla" }).fill(code);
    await page.getByRole("textbox", { name: "Descrição" }).fill(`Fardo ${code}`);
    const decimals = page.getByRole("textbox", { name: "Casas decimais da quantidade" });
    await decimals.fill("9");
    await decimals.blur();
    await expect(page.getByText("Casas decimais da quantidade: deve ser no máximo 6")).toBeVisible();
    // Saving anyway brings the field back into focus.
    await page.getByRole("button", { name: "Criar unidade de medida" }).click();
    await expect(decimals).toBeFocused();
    await decimals.fill("2,5");
    await decimals.blur();
    await expect(page.getByText("Casas decimais da quantidade: use apenas números inteiros")).toBeVisible();
    await decimals.fill("2");
    await page.getByRole("button", { name: "Criar unidade de medida" }).click();
    await expect(toast(page, `Unidade de medida “${code}” criada`)).toBeVisible();
    await expect(page).toHaveURL(/\/measure-units$/);

    // Disable it from its row; "Ativo" then leaves it out, "Inativo" finds it.
    await page.getByRole("searchbox", { name: "Buscar por sigla ou descrição" }).fill(code);
    await expect(page.getByTestId("page-range")).toHaveText("1–1 de 1");
    const row = page.getByRole("row").filter({ hasText: code });
    await expect(row.getByText("Ativo", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: `Ações de ${code}` }).click();
    await page.getByRole("menuitem", { name: "Desativar" }).click();
    await expect(toast(page, `Unidade de medida “${code}” desativada`)).toBeVisible();
    await expect(row.getByText("Inativo")).toBeVisible();
    await page.getByRole("combobox", { name: "Situação" }).click();
    await page.getByRole("option", { name: "Ativo", exact: true }).click();
    await expect(page).toHaveURL(/active=true/);
    await expect(page.getByText("Nenhum resultado para a busca ou os filtros.")).toBeVisible();
    await page.getByRole("combobox", { name: "Situação" }).click();
    await page.getByRole("option", { name: "Inativo", exact: true }).click();
    await expect(page).toHaveURL(/active=false/);
    await expect(page.getByRole("row").filter({ hasText: code })).toBeVisible();

    // Enable it again from its own page.
    await page.goto(`/measure-units?search=${code}`);
    await page.getByRole("link", { name: code }).click();
    await page.getByRole("button", { name: "Ativar" }).click();
    await expect(toast(page, `Unidade de medida “${code}” ativada`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Desativar" })).toBeVisible();

    // A category under a parent, started from the parent's row in the tree.
    const parentName = unique("Iluminação");
    const childName = unique("Lâmpadas LED");
    const created = await page.request.post("/api/b2b/categories", { data: { root_id: null, name: parentName, active: true } });
    expect(created.status()).toBe(201);
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Categorias" }).click();
    await expect(page).toHaveURL(/\/categories$/);
    const tree = page.getByRole("list", { name: "Árvore de categorias" });
    await expect(tree.getByRole("link", { name: parentName })).toBeVisible();
    await page.getByRole("button", { name: `Ações de ${parentName}` }).click();
    await page.getByRole("menuitem", { name: "Adicionar subcategoria" }).click();
    await expect(page).toHaveURL(/\/categories\/new\?root_id=/);
    await expect(page.getByRole("combobox", { name: "Categoria pai" })).toHaveText(parentName);
    await page.getByRole("textbox", { name: "Nome" }).fill(childName);
    await page.getByRole("textbox", { name: "Novo item em palavras-chave" }).fill("led");
    await page.getByRole("textbox", { name: "Novo item em palavras-chave" }).press("Enter");
    await page.getByRole("button", { name: "Criar categoria" }).click();
    await expect(toast(page, `Categoria “${childName}” criada`)).toBeVisible();
    await expect(page).toHaveURL(/\/categories$/);

    // Collapsed under its parent until the branch is expanded, then indented beneath it.
    await expect(tree.getByRole("link", { name: childName })).toBeHidden();
    await page.getByRole("button", { name: `Expandir ${parentName}` }).click();
    const branch = page.getByRole("list", { name: `Subcategorias de ${parentName}` });
    await expect(branch.getByRole("link", { name: childName })).toBeVisible();
    await page.getByRole("button", { name: `Recolher ${parentName}` }).click();
    await expect(branch).toBeHidden();

    // The tree's filter opens the branch that leads to a match (accents ignored).
    await page.getByRole("searchbox", { name: "Filtrar a árvore" }).fill(childName.replace("â", "a").toLowerCase());
    await expect(branch.getByRole("link", { name: childName })).toBeVisible();

    // The table view searches on the server and names the parent.
    await page.getByRole("button", { name: "Tabela" }).click();
    await page.getByRole("searchbox", { name: "Buscar categorias pelo nome" }).fill(childName);
    const childRow = page.getByRole("row").filter({ hasText: childName });
    await expect(childRow).toHaveCount(1);
    await expect(childRow.getByRole("cell", { name: parentName })).toBeVisible();
  });

  test("a category's image and a variation's image options are chosen with the image picker, never typed", async ({ page }) => {
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
    const name = unique("Ferragens");
    await signIn(page, { path: "/categories" });
    const created = await page.request.post("/api/b2b/categories", { data: { root_id: null, name, active: true } });
    const category = await created.json();
    await page.goto(`/categories/${category.id}`);
    const picker = page.getByRole("group", { name: "Imagem" });
    await expect(picker.getByRole("textbox")).toHaveCount(0);
    await picker.locator('input[type="file"]').setInputFiles({ name: "ferragens.png", mimeType: "image/png", buffer: png });
    const thumbnail = picker.getByRole("img", { name: "A imagem da categoria" });
    await expect(thumbnail).toBeVisible();
    // The thumbnail is the stored file, served back.
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(toast(page, `Categoria “${name}” salva`)).toBeVisible();
    const saved = await (await page.request.get(`/api/b2b/categories/${category.id}`)).json();
    expect(saved.image_resource_id).toMatch(/^[0-9a-f-]{36}$/);

    // A variation shown as images: each option's picture is uploaded, its address kept as the option's value.
    const variation = unique("Acabamento");
    await page.goto("/variations/new");
    await page.getByRole("textbox", { name: "Nome", exact: true }).fill(variation);
    await page.getByRole("textbox", { name: "Novo item em valores" }).fill("Cromado");
    await page.getByRole("textbox", { name: "Novo item em valores" }).press("Enter");
    await page.getByRole("combobox", { name: "Tipo de exibição" }).click();
    await page.getByRole("option", { name: "Imagens" }).click();
    await page.getByRole("button", { name: "Adicionar opção" }).click();
    await page.getByRole("textbox", { name: "Nome da opção 1" }).fill("Cromado");
    await expect(page.getByRole("textbox", { name: "Valor exibido da opção 1" })).toHaveCount(0);
    const option = page.getByRole("group", { name: "Imagem da opção 1" });
    await option.locator('input[type="file"]').setInputFiles({ name: "cromado.png", mimeType: "image/png", buffer: png });
    await expect(option.getByRole("img", { name: "A imagem da opção Cromado" })).toBeVisible();
    await page.getByRole("button", { name: "Criar variação" }).click();
    await expect(toast(page, `Variação “${variation}” criada`)).toBeVisible();
    const found = await (await page.request.get(`/api/b2b/variations?search=${encodeURIComponent(variation)}`)).json();
    const stored = await (await page.request.get(`/api/b2b/variations/${found.items[0].id}`)).json();
    expect(stored.variant_options[0].display_value).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/b2b\/resource-files\/[0-9a-f-]{36}\?organization_id=[0-9a-f-]{36}$/,
    );
  });
});
