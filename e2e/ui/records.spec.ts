import { randomUUID } from "node:crypto";
import en from "../../messages/en.json";
import ptBR from "../../messages/pt-BR.json";
import { API, expect, login, test, unique } from "../fixtures";
import { newOrder, nfeKey, post } from "./order-data";
import { signIn, toast, type Locale } from "./panel";

/** The panel's own words, so the journeys read what a person reads in each language. */
const words = { "pt-BR": ptBR, en } satisfies Record<Locale, unknown>;

test.describe("records", () => {
  for (const locale of ["pt-BR", "en"] as const) {
    const say = words[locale];
    test(`leaving a form with unsaved changes asks first: a link, the back button, the command palette (${locale})`, async ({ page }) => {
      const name = unique("Guarded brand");
      await signIn(page, { locale });
      expect((await page.request.post("/api/b2b/brands", { data: { name, active: true } })).status()).toBe(201);
      await page.goto(`/brands?search=${encodeURIComponent(name)}`);
      await page.getByRole("link", { name }).click();
      const nameInput = page.getByRole("textbox", { name: say.brands.fields.name });
      await expect(nameInput).toHaveValue(name);
      const nav = page.getByRole("navigation", { name: say.app.mainNavigation });

      // Untouched: links just go.
      await nav.getByRole("link", { name: say.profiles.title }).click();
      await expect(page.getByRole("heading", { name: say.profiles.title, level: 1 })).toBeVisible();
      await page.goBack();
      await expect(nameInput).toHaveValue(name);

      // Changed: a link asks; "keep editing" stays with the change.
      await nameInput.fill(`${name} changed`);
      await nav.getByRole("link", { name: say.categories.title }).click();
      const dialog = page.getByRole("alertdialog", { name: say.form.unsaved.title });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: say.form.unsaved.stay }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/brands\/[0-9a-f-]+$/);
      await expect(nameInput).toHaveValue(`${name} changed`);

      // The back button asks too.
      await page.goBack();
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: say.form.unsaved.stay }).click();
      await expect(page).toHaveURL(/\/brands\/[0-9a-f-]+$/);
      await expect(nameInput).toHaveValue(`${name} changed`);

      // So does a page chosen in the command palette.
      await page.keyboard.press("Control+k");
      const palette = page.getByRole("dialog", { name: say.palette.title });
      await palette.getByRole("combobox").fill(say.sellers.title);
      await palette.getByRole("option", { name: say.sellers.title, exact: true }).click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: say.form.unsaved.stay }).click();
      await expect(page).toHaveURL(/\/brands\/[0-9a-f-]+$/);
      await expect(nameInput).toHaveValue(`${name} changed`);
      await page.keyboard.press("Control+k");
      await palette.getByRole("combobox").fill(say.sellers.title);
      await palette.getByRole("option", { name: say.sellers.title, exact: true }).click();
      await dialog.getByRole("button", { name: say.form.unsaved.leave }).click();
      await expect(page.getByRole("heading", { name: say.sellers.title, level: 1 })).toBeVisible();

      // Back on the brand, changed again: discarding through a link leaves; nothing was saved.
      await page.goto(`/brands?search=${encodeURIComponent(name)}`);
      await page.getByRole("link", { name }).click();
      await nameInput.fill(`${name} changed`);
      await nav.getByRole("link", { name: say.categories.title }).click();
      await dialog.getByRole("button", { name: say.form.unsaved.leave }).click();
      await expect(page.getByRole("heading", { name: say.categories.title, level: 1 })).toBeVisible();
      const brands = await (await page.request.get(`/api/b2b/brands?search=${encodeURIComponent(name)}`)).json();
      expect(brands.items.map((brand: { name: string }) => brand.name)).toEqual([name]);
    });
  }

  test("an order's page: breadcrumbs, who created it and its timeline, its status change in words", async ({ page, request }) => {
    const headers = { authorization: `Bearer ${await login(request)}` };
    const { partner, order } = await newOrder(request, headers);
    const statuses = (await (await request.get(`${API}/status?perPage=100`, { headers })).json()).items as Array<{
      id: string;
      title: string;
      type: string;
      is_initial: boolean;
      is_final: boolean;
    }>;
    const next = statuses.find((status) => status.type === "ORDER" && !status.is_initial && !status.is_final)!;
    const say = words.en;

    await signIn(page, { locale: "en", path: `/orders/${order.id}` });
    const breadcrumbs = page.getByRole("navigation", { name: say.app.breadcrumb });
    await expect(breadcrumbs.getByRole("link", { name: say.orders.title })).toHaveAttribute("href", /^\/orders/);
    // The order by its number ("Order #1,234"); its partner under the title.
    const { number } = await (await request.get(`${API}/orders/${order.id}`, { headers })).json();
    await expect(breadcrumbs.locator('[aria-current="page"]')).toHaveText(`Order #${number.toLocaleString("en-US")}`);
    await expect(page.getByRole("main")).toContainText(partner.name);
    const aside = page.getByRole("complementary", { name: say.activity.aside });
    await expect(aside.getByTestId("created-by")).toContainText("Admin");
    const entries = aside.getByRole("list", { name: say.activity.title }).locator(":scope > li");
    await expect(entries).toHaveCount(1);

    await page.getByRole("button", { name: say.orders.changeStatus }).click();
    await page.getByRole("menuitem", { name: next.title }).click();
    await expect(entries).toHaveCount(2);
    const change = entries.first();
    await expect(change).toContainText(say.activity.actions.update);
    // The status by its name, linked to it: never its id.
    await expect(change.getByRole("link", { name: next.title })).toHaveAttribute("href", `/statuses/${next.id}`);
    await expect(change).not.toContainText(next.id.slice(0, 8));
    await breadcrumbs.getByRole("link", { name: say.orders.title }).click();
    await expect(page).toHaveURL(/\/orders(\?|$)/);
    // An order that is not there: the failure keeps the way back.
    await page.goto(`/orders/${randomUUID()}`);
    // Within the page: Next.js keeps its own (empty) route announcer, also an alert, outside it.
    await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
    await expect(breadcrumbs.getByRole("link", { name: say.orders.title })).toBeVisible();
  });

  test("the audit log: actions, enums and references in words; a row opens its record; cards on a phone", async ({ page, request }) => {
    const headers = { authorization: `Bearer ${await login(request)}` };
    const [company] = (await (await request.get(`${API}/companies?perPage=1`, { headers })).json()).items;
    const [warehouse] = (await (await request.get(`${API}/warehouses?perPage=1`, { headers })).json()).items;
    const product = await post(request, headers, "/products", { name: unique("Produto auditado") });
    const moved = await request.put(`${API}/stock/movement`, {
      headers,
      data: { company_id: company.id, warehouse_id: warehouse.id, product_id: product.id, type: "INCREMENT", quantity: 4 },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    const stock = await moved.json();
    expect((await request.put(`${API}/stock/${stock.id}/disable`, { headers })).status()).toBe(200);
    const say = words["pt-BR"];

    await signIn(page, { path: "/audit?entity=stock" });
    const table = page.getByRole("table", { name: say.auditLog.title });
    const row = table.getByRole("row").filter({ hasText: product.name }).filter({ hasText: say.activity.actions.disable });
    await expect(row).toContainText(`${say.stock.fields.active}: ${say.common.yes} → ${say.common.no}`);
    await expect(table.getByRole("row").filter({ hasText: product.name }).filter({ hasText: say.activity.actions.create })).toHaveCount(1);
    // The filters offer every kind of record and action the log holds.
    await page.getByRole("combobox", { name: say.auditLog.action }).click();
    await expect(page.getByRole("option", { name: say.activity.actions.capture })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("combobox", { name: say.auditLog.entity }).click();
    for (const kind of [
      say.orders.one,
      say.sales.one,
      say.financials.one,
      say.priceTables.one,
      say.discounts.one,
      say.webhooks.one,
      say.auditLog.entities.resource_file,
    ]) {
      await expect(page.getByRole("option", { name: kind, exact: true })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    // A click on the row (not on its link) opens the record.
    await row.getByRole("cell").nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/stock/${stock.id}$`));
    const breadcrumbs = page.getByRole("navigation", { name: say.app.breadcrumb });
    await expect(breadcrumbs.locator('[aria-current="page"]')).toContainText(product.name);
    await expect(breadcrumbs.getByRole("link", { name: say.stock.title })).toHaveAttribute("href", /^\/stock/);
    const aside = page.getByRole("complementary", { name: say.activity.aside });
    await expect(aside.getByRole("list", { name: say.activity.title }).locator(":scope > li")).toHaveCount(2);

    // On a phone: cards, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/audit?entity=stock");
    await expect(page.getByRole("table")).toHaveCount(0);
    const card = page
      .getByRole("list", { name: say.auditLog.title })
      .getByRole("listitem")
      .filter({ hasText: product.name })
      .filter({ hasText: say.activity.actions.disable });
    await expect(card).toContainText(`${say.stock.fields.active}: ${say.common.yes} → ${say.common.no}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await card.getByText(say.activity.actions.disable).click();
    await expect(page).toHaveURL(new RegExp(`/stock/${stock.id}$`));
  });

  test("failures are told in the panel's language: a refused invoice, a refused price simulation", async ({ page, request }) => {
    const headers = { authorization: `Bearer ${await login(request)}` };
    const key = nfeKey();
    await newOrder(request, headers, { extra: { invoices: [{ invoice_key: key }] } });
    const { order, product } = await newOrder(request, headers);

    await signIn(page, { path: `/orders/${order.id}` });
    await page.getByLabel("Chave de acesso da NF-e").fill(key);
    await page.getByRole("button", { name: "Adicionar nota" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Chave de acesso da NF-e" })).toHaveText(
      "Chave de acesso da NF-e: já usado por outro registro",
    );

    await page.goto("/price-simulator");
    await page.getByRole("searchbox").first().fill(product.name);
    await page.getByRole("combobox", { name: "Produto" }).click();
    await page.getByRole("option", { name: new RegExp(product.name) }).click();
    await page.getByLabel("Quantidade").fill("0");
    await page.getByRole("button", { name: "Calcular" }).click();
    const failure = page.getByRole("alert").filter({ hasText: "Quantidade" });
    await expect(failure).toHaveText(/^Quantidade: deve ser maior que 0$/);
  });

  test("the order form's payment warning follows the theme the user chose; the delivery label's example is in the user's language", async ({
    page,
    request,
  }) => {
    const headers = { authorization: `Bearer ${await login(request)}` };
    const { order } = await newOrder(request, headers);
    // The system asks for light; the user chose dark.
    await page.emulateMedia({ colorScheme: "light" });
    await page.context().addCookies([{ name: "theme", value: "dark", url: test.info().project.use.baseURL ?? "http://127.0.0.1:3300" }]);
    await signIn(page, { locale: "en", path: `/orders/${order.id}/edit` });
    await page.getByRole("button", { name: words.en.orders.addPayment }).click();
    const payment = page.getByRole("listitem", { name: words.en.orders.paymentLabel.replace("{index}", "1") });
    await payment.getByRole("combobox", { name: words.en.orders.fields.payment_method_id }).click();
    await page.getByRole("option").first().click();
    await payment.getByRole("textbox", { name: words.en.orders.fields.amount }).fill("10");
    const warning = page.getByRole("status").filter({ hasText: "R$10.00" });
    await expect(warning).toBeVisible();
    const [shown, expected] = await warning.evaluate((element) => {
      const probe = document.createElement("span");
      probe.style.color = "var(--warning)";
      document.body.append(probe);
      const colors = [getComputedStyle(element).color, getComputedStyle(probe).color];
      probe.remove();
      return colors;
    });
    expect(shown).toBe(expected);

    await page.goto("/delivery-methods/new");
    await expect(page.getByRole("textbox", { name: words.en.deliveryMethods.fields.custom_label })).toHaveAttribute(
      "placeholder",
      words.en.deliveryMethods.customLabelPlaceholder,
    );
  });

  test("a refused save brings the first error into view below the header, focused", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await signIn(page, { path: "/partners/new" });
    await page.getByRole("button", { name: "Criar parceiro" }).click();
    const name = page.getByRole("textbox", { name: "Razão social" });
    await expect(name).toBeFocused();
    // Where it is, from its box: toBeInViewport waits on an IntersectionObserver, which
    // hung past its own 10 s on a loaded PostgreSQL run of .ci/run.
    const box = (await name.boundingBox())!;
    const header = (await page.getByRole("banner").boundingBox())!;
    expect(box.y).toBeGreaterThan(header.y + header.height);
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
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
