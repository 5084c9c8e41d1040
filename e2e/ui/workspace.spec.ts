import { readFile } from "node:fs/promises";
import type { APIRequestContext } from "@playwright/test";
import en from "../../messages/en.json";
import ptBR from "../../messages/pt-BR.json";
import { API, expect, login, test, unique } from "../fixtures";
import { newCnpj, newOrder, shipment, stockUp } from "./order-data";
import { signIn, toast, type Locale } from "./panel";

/** The panel's own words, so the journeys read what a person reads in each language. */
const words = { "pt-BR": ptBR, en } satisfies Record<Locale, unknown>;

async function adminHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await login(request)}` };
}

for (const locale of ["pt-BR", "en"] as const) {
  const say = words[locale];

  test.describe(`the panel's workspace (${locale})`, () => {
    test("bulk-deactivate three brands with the row checkboxes", async ({ page, request }) => {
      const headers = await adminHeaders(request);
      const tag = unique("Lote").replace(" ", "");
      const names = [`${tag} A`, `${tag} B`, `${tag} C`];
      const ids: string[] = [];
      for (const name of names)
        ids.push((await (await request.post(`${API}/brands`, { headers, data: { name, active: true } })).json()).id);

      await signIn(page, { locale, path: `/brands?search=${tag}` });
      const table = page.getByRole("table", { name: say.brands.title });
      await expect(table.getByRole("row")).toHaveCount(4);
      for (const name of names) await page.getByRole("checkbox", { name: say.listTools.selectRow.replace("{label}", name) }).check();
      const selection = page.getByRole("region", { name: say.listTools.selection });
      await expect(selection).toContainText(locale === "en" ? "3 selected" : "3 selecionados");
      await selection.getByRole("button", { name: say.bulk.deactivate }).click();
      await expect(toast(page, locale === "en" ? "3 records deactivated" : "3 registros desativados")).toBeVisible();
      await expect(selection).toBeHidden();
      await expect(table.getByText(say.common.inactive, { exact: true })).toHaveCount(3);
      for (const id of ids) expect((await (await request.get(`${API}/brands/${id}`, { headers })).json()).active).toBe(false);
    });

    test("export the filtered partners to CSV and read the file back", async ({ page, request }) => {
      const headers = await adminHeaders(request);
      const tag = unique("Csv").replace(" ", "");
      const names = [`${tag} Alfa Ltda`, `${tag} Beta Ltda`];
      for (const name of names) {
        const response = await request.post(`${API}/partners`, { headers, data: { name, fiscal_registration_number: newCnpj() } });
        expect(response.status()).toBeLessThan(300);
      }

      await signIn(page, { locale, path: `/partners?search=${tag}` });
      await expect(page.getByRole("table", { name: say.partners.title }).getByRole("row")).toHaveCount(3);
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: say.listTools.exportCsv }).click();
      const file = await (await download).path();
      const lines = (await readFile(file, "utf8"))
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      const separator = locale === "en" ? "," : ";";
      expect(lines[0]!.split(separator)[0]).toBe(say.partners.nameColumn);
      expect(lines).toHaveLength(3);
      expect(lines[1]!.startsWith(`${names[0]}${separator}`)).toBe(true);
      expect(lines[2]!.startsWith(`${names[1]}${separator}`)).toBe(true);
    });

    test("export the filtered orders to CSV: the headers are the columns' labels", async ({ page, request }) => {
      const headers = await adminHeaders(request);
      const tag = unique("Pedido").replace(" ", "");
      const post = async (path: string, data: object) => {
        const response = await request.post(`${API}${path}`, { headers, data });
        expect(response.status(), await response.text()).toBeLessThan(300);
        return response.json();
      };
      const partner = await post("/partners", { name: `${tag} Comércio`, fiscal_registration_number: newCnpj() });
      const product = await post("/products", { name: `${tag} Produto`, price: 10 });
      await stockUp(request, headers, product.id, 100);
      await post("/orders", {
        partner_id: partner.id,
        negotiation_date: "2026-05-01T12:00:00.000Z",
        order_value: 30,
        discount_value: 0,
        total_value: 30,
        ...shipment,
        items: [{ product_id: product.id, unit_value: 10, quantity: 3 }],
      });

      await signIn(page, { locale, path: `/orders?search=${tag}` });
      await expect(page.getByRole("table", { name: say.orders.title }).getByRole("row")).toHaveCount(2);
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: say.listTools.exportCsv }).click();
      const lines = (await readFile(await (await download).path(), "utf8"))
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      const separator = locale === "en" ? "," : ";";
      const fields = say.orders.fields;
      expect(lines[0]!.split(separator)).toEqual([
        fields.number,
        fields.negotiation_date,
        fields.partner_id,
        fields.seller_id,
        fields.status,
        fields.quotation,
        fields.total_value,
      ]);
      expect(lines).toHaveLength(2);
      expect(lines[1]!.split(separator)).toContain(`${tag} Comércio`);
      expect(lines[1]!.split(separator).at(-1)).toBe("30");
    });

    test("a partner's page shows who created it and its timeline after an edit", async ({ page, request }) => {
      const headers = await adminHeaders(request);
      const name = unique("Parceiro");
      const partner = await (
        await request.post(`${API}/partners`, { headers, data: { name, fiscal_registration_number: newCnpj() } })
      ).json();

      await signIn(page, { locale, path: `/partners/${partner.id}` });
      const aside = page.getByRole("complementary", { name: say.activity.aside });
      const timeline = aside.getByRole("list", { name: say.activity.title });
      // The entries (each entry's changes are a list of their own).
      const entries = timeline.locator(":scope > li");
      await expect(entries).toHaveCount(1);
      await expect(timeline).toContainText(say.activity.actions.create);

      const tradeName = unique("Fantasia");
      await page.getByLabel(say.partners.fields.trade_name).fill(tradeName);
      await page.getByRole("button", { name: say.common.saveChanges }).click();
      await expect(page).toHaveURL(/\/partners$/);
      await page.getByRole("searchbox").fill(name);
      await page.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/partners/${partner.id}$`));
      await expect(entries).toHaveCount(2);
      const latest = entries.first();
      await expect(latest).toContainText(say.activity.actions.update);
      await expect(latest).toContainText(`${say.partners.fields.trade_name}: — → ${tradeName}`);
      await expect(aside.getByTestId("updated-by")).toContainText("Admin");
    });

    test("a partner's page lists its orders; a seller's page its partners; a category's page its products", async ({ page, request }) => {
      const headers = await adminHeaders(request);
      const post = async (path: string, data: object) => (await request.post(`${API}${path}`, { headers, data })).json();
      const seller = await post("/sellers", { name: unique("Vendedora"), email: `${unique("v").replace(" ", "")}@example.com` });
      const partner = await post("/partners", {
        name: unique("Cliente pedidos"),
        fiscal_registration_number: newCnpj(),
        seller_id: seller.id,
      });
      const older = (await newOrder(request, headers, { partner, negotiation_date: "2026-01-10T12:00:00.000Z" })).order;
      const newer = (await newOrder(request, headers, { partner, negotiation_date: "2026-05-01T12:00:00.000Z" })).order;
      const category = await post("/categories", { name: unique("Categoria"), active: true, root_id: null });
      const product = await post("/products", { name: unique("Produto da categoria"), category_ids: [category.id] });

      await signIn(page, { locale, path: `/partners/${partner.id}` });
      const aside = page.getByRole("complementary", { name: say.activity.aside });
      const orders = aside.getByRole("list", { name: say.related.partnerOrders }).getByRole("link");
      await expect(orders).toHaveCount(2);
      await expect(orders.first()).toContainText("01/05/2026");
      await expect(orders.last()).toContainText("10/01/2026");
      await orders.first().click();
      await expect(page).toHaveURL(new RegExp(`/orders/${newer.id}$`));
      await page.goBack();
      await aside.getByRole("link", { name: locale === "en" ? "See all 2" : "Ver todos os 2" }).click();
      await expect(page).toHaveURL(new RegExp(`/orders\\?partner_id=${partner.id}`));
      const table = page.getByRole("table", { name: say.orders.title });
      await expect(table.getByRole("row")).toHaveCount(3);
      await expect(table.locator(`[data-href="/orders/${older.id}"]`)).toContainText("10/01/2026");
      await expect(table.locator(`[data-href="/orders/${newer.id}"]`)).toContainText("01/05/2026");

      await page.goto(`/sellers/${seller.id}`);
      await expect(aside.getByRole("list", { name: say.related.sellerPartners }).getByRole("link", { name: partner.name })).toBeVisible();
      await page.goto(`/categories/${category.id}`);
      await expect(aside.getByRole("list", { name: say.related.categoryProducts }).getByRole("link", { name: product.name })).toBeVisible();
    });

    test("find a product from the command palette (Ctrl+K)", async ({ page, request }) => {
      const headers = await adminHeaders(request);
      const name = unique("Paleta Produto");
      const product = await (await request.post(`${API}/products`, { headers, data: { name } })).json();

      await signIn(page, { locale });
      await page.keyboard.press("Control+k");
      const dialog = page.getByRole("dialog", { name: say.palette.title });
      await dialog.getByRole("combobox").fill(name);
      await dialog.getByRole("option", { name: new RegExp(name) }).click();
      await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));
      // Pages too: the palette goes to a page by its name.
      await page.keyboard.press("Control+k");
      await dialog.getByRole("combobox").fill(say.sellers.title);
      await dialog.getByRole("option", { name: say.sellers.title, exact: true }).click();
      await expect(page).toHaveURL(/\/sellers$/);
    });

    test("find an order from the command palette, by its partner and by its number", async ({ page, request }) => {
      const headers = await adminHeaders(request);
      const { partner, order } = await newOrder(request, headers);

      await signIn(page, { locale });
      await page.keyboard.press("Control+k");
      const dialog = page.getByRole("dialog", { name: say.palette.title });
      await dialog.getByRole("combobox").fill(partner.name);
      // The partner and its order, each in its group; the order with its date and total.
      await expect(
        dialog.getByRole("group", { name: say.palette.partners }).getByRole("option", { name: new RegExp(partner.name) }),
      ).toBeVisible();
      const found = dialog.getByRole("group", { name: say.palette.orders }).getByRole("option");
      await expect(found).toHaveCount(1);
      await expect(found).toContainText(partner.name);
      await expect(found).toContainText(locale === "en" ? "R$180.00" : "R$ 180,00");
      await expect(found).toContainText("01/05/2026");
      await found.click();
      await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

      // By its number, as people type it: "nº 1.234" in Portuguese, "#1,234" in English.
      const { number } = await (await request.get(`${API}/orders/${order.id}`, { headers })).json();
      const numbered = new Intl.NumberFormat(locale === "en" ? "en-US" : "pt-BR").format(number);
      await page.keyboard.press("Control+k");
      await dialog.getByRole("combobox").fill(locale === "en" ? `#${numbered}` : `nº ${numbered}`);
      await dialog
        .getByRole("group", { name: say.palette.orders })
        .getByRole("option", { name: `${locale === "en" ? "Order #" : "Pedido nº "}${numbered} · ${partner.name}` })
        .click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
    });
  });
}

test.describe("bulk actions of the catalog and pricing lists", () => {
  const say = ptBR;

  test("bulk-deactivate two products from the list", async ({ page, request }) => {
    const headers = await adminHeaders(request);
    const tag = unique("Desliga").replace(" ", "");
    const names = [`${tag} Serra`, `${tag} Torno`];
    const ids: string[] = [];
    for (const name of names)
      ids.push((await (await request.post(`${API}/products`, { headers, data: { name, active: true } })).json()).id);

    await signIn(page, { path: `/products?search=${tag}` });
    const table = page.getByRole("table", { name: say.products.title });
    await expect(table.getByRole("row")).toHaveCount(3);
    await table.getByRole("checkbox", { name: say.listTools.selectPage }).check();
    const selection = page.getByRole("region", { name: say.listTools.selection });
    await expect(selection).toContainText("2 selecionados");
    await selection.getByRole("button", { name: say.bulk.deactivate }).click();
    await expect(toast(page, "2 registros desativados")).toBeVisible();
    await expect(table.getByText(say.common.inactive, { exact: true })).toHaveCount(2);
    for (const id of ids) expect((await (await request.get(`${API}/products/${id}`, { headers })).json()).active).toBe(false);
  });

  test("bulk-delete discounts: one confirmation names each discount that goes", async ({ page, request }) => {
    const headers = await adminHeaders(request);
    const tag = unique("Promo").replace(" ", "");
    const names = [`${tag} Atacado`, `${tag} Varejo`];
    for (const name of names) {
      const response = await request.post(`${API}/discounts`, { headers, data: { name, ranges: [{ minimum_quantity: 1, value: 5 }] } });
      expect(response.status(), await response.text()).toBe(201);
    }

    await signIn(page, { path: `/discounts?search=${tag}` });
    const table = page.getByRole("table", { name: say.discounts.title });
    await expect(table.getByRole("row")).toHaveCount(3);
    for (const name of names) await table.getByRole("checkbox", { name: say.listTools.selectRow.replace("{label}", name) }).check();
    await page.getByRole("region", { name: say.listTools.selection }).getByRole("button", { name: say.bulk.delete }).click();
    const dialog = page.getByRole("alertdialog", { name: "Excluir 2 registros?" });
    await expect(dialog.getByRole("list", { name: say.bulk.deleteList }).getByRole("listitem")).toHaveText(names);
    await dialog.getByRole("button", { name: "Excluir 2 registros" }).click();
    await expect(toast(page, "2 registros excluídos")).toBeVisible();
    await expect(table).toContainText(say.table.noResults);
    const left = await (await request.get(`${API}/discounts?search=${tag}`, { headers })).json();
    expect(left.total).toBe(0);
  });
});
