import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { API, expect, login, test, unique } from "../fixtures";
import { newOrder } from "./order-data";
import { signIn, useLocale, type Locale } from "./panel";

/** Each list page, the REST list that names a record of it, and whether it has a "new" page. */
const areas = [
  { page: "/brands", api: "/brands", create: true },
  { page: "/categories", api: "/categories", create: true },
  { page: "/products", api: "/products", create: true },
  { page: "/alternative-units", api: "/products/alternative-units", create: true },
  { page: "/measure-units", api: "/measure-units", create: true },
  { page: "/variations", api: "/variations", create: true },
  { page: "/warehouses", api: "/warehouses", create: true },
  { page: "/profiles", api: "/profiles", create: true },
  { page: "/partners", api: "/partners", create: true },
  { page: "/sellers", api: "/sellers", create: true },
  { page: "/companies", api: "/companies", create: true },
  { page: "/statuses", api: "/status", create: true },
  { page: "/payment-methods", api: "/payment-methods", create: true },
  { page: "/delivery-methods", api: "/delivery-methods", create: true },
  { page: "/custom-fields", api: "/entity-attributes", create: true },
  { page: "/users", api: "/users", create: false },
  { page: "/access-keys", api: null, create: false },
  { page: "/audit", api: null, create: false },
  { page: "/webhooks", api: null, create: false },
  { page: "/sales", api: "/sales", create: false },
  { page: "/financials", api: "/financials", create: false },
  { page: "/solutions", api: "/solutions", create: true },
  { page: "/orders", api: "/orders", create: true },
  { page: "/approvals", api: null, create: false },
  { page: "/commercial-policy", api: null, create: false },
  { page: "/coupons", api: "/coupons", create: true },
  { page: "/discounts", api: "/discounts", create: true },
  { page: "/price-tables", api: "/price-tables", create: true },
  { page: "/stock", api: "/stock", create: false },
  { page: "/price-simulator", api: null, create: false },
  { page: "/docs", api: null, create: false },
] as const;

/** Bearer headers of the test org's admin. */
async function adminHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await login(request)}` };
}

/** The words of the buttons that open the dialogs checked below. */
const dialogs = {
  "pt-BR": {
    accessKey: "Nova chave de acesso",
    webhook: "Novo webhook",
    invite: "Convidar usuário",
    move: "Movimentar estoque",
    name: "Nome",
    url: "URL",
    create: /^Criar/,
  },
  en: { accessKey: "New access key", invite: "Invite user", move: "Move stock", name: "Name", create: /^Create/ },
} satisfies Record<Locale, unknown>;

/** Opens a dialog by its button, checks it, and closes it with Escape. */
async function checkDialog(page: Page, path: string, opener: string) {
  await page.getByRole("button", { name: opener, exact: true }).click();
  // The dialog is named by its title: the words of its button, until it shows what it created.
  const dialog = page.getByRole("dialog");
  await expect(dialog).toHaveAccessibleName(opener);
  await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
  await checkShown(page, `${path} (${opener})`);
  return dialog;
}

/** Opens a page and fails on serious or critical WCAG 2 A/AA violations, listing them. */
async function checkPage(page: Page, path: string) {
  await page.goto(path);
  await checkLoaded(page, path);
}

/** The same check of the page the browser is on (the one a sign-in landed on), once its data is shown. */
async function checkLoaded(page: Page, path: string) {
  // The page's own landmark: the first <main> (the API docs also hold swagger-ui's, which it
  // makes a region of this one once drawn).
  await expect(page.locator("main").first()).toBeVisible();
  // Wait for the data: no skeletons left. On PGlite (one connection for every worker's
  // requests) a page's reads can queue behind the other worker's writes for seconds.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await checkShown(page, path);
}

/** The same check of what the page shows now (a dialog open, say). */
async function checkShown(page: Page, path: string) {
  // Let entrances settle first (a toast fading in, a dialog zooming open): axe measures
  // contrast on what is painted, and a half-transparent frame is no colour anyone reads.
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(
    blocking.map(
      (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
    path,
  ).toEqual([]);
}

/** Waits for every finite animation and transition on the page to finish (looping ones, a spinner say, never do). */
async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.playState === "running" && animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Every page and dialog is checked in Portuguese, the panel's default. In English the same
 * components render other words only (tests/unit/messages.test.ts holds both catalogs to the
 * same messages), so English checks the sign-in page, one area and the dialogs whose names
 * and alerts come from the catalog: axe finds there what a language could break (the page's
 * lang, an accessible name) without paying minutes for every area twice.
 */
const locales: ReadonlyArray<{ locale: Locale; everyPage: boolean }> = [
  { locale: "pt-BR", everyPage: true },
  { locale: "en", everyPage: false },
];

for (const { locale, everyPage } of locales) {
  test.describe(`accessibility (${locale})`, () => {
    test("the sign-in page", async ({ page }) => {
      await useLocale(page, locale);
      await checkPage(page, "/sign-in");
    });

    // One test per area (its list, new page and a record's page), so each stays short.
    for (const area of everyPage ? areas : areas.filter((area) => area.page === "/brands")) {
      test(`${area.page}: the list${area.create ? ", the new page" : ""}${area.api ? " and a record's page" : ""}`, async ({
        page,
        request,
      }) => {
        const headers = { authorization: `Bearer ${await login(request)}` };
        await signIn(page, { locale, path: area.page });
        await checkLoaded(page, area.page);
        if (area.create) await checkPage(page, `${area.page}/new`);
        if (area.api) {
          // An order of its own: the newest of the shared org may be another test's 500-item order.
          let id =
            area.api === "/orders"
              ? (await newOrder(request, headers)).order.id
              : (await (await request.get(`${API}${area.api}?perPage=1`, { headers })).json()).items[0]?.id;
          if (!id && area.api === "/entity-attributes") {
            // An inactive definition: it shows on no form of the other tests.
            const data = { entity: "brand", key: `axe_${Date.now()}`, label: "Axe", type: "STRING", active: false };
            id = (await (await request.post(`${API}/entity-attributes`, { headers, data })).json()).id;
          }
          if (!id && area.api === "/coupons") {
            const data = { code: `AXE${Date.now()}`, name: "Axe", value: 5 };
            id = (await (await request.post(`${API}/coupons`, { headers, data })).json()).id;
          }
          expect(id, area.api).toBeTruthy();
          await checkPage(page, `${area.page}/${id}`);
        }
      });
    }
    test("the new access key and invite user dialogs, the stock movement dialog", async ({ page, request }) => {
      const headers = await adminHeaders(request);
      await signIn(page, { locale, path: "/access-keys" });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const key = await checkDialog(page, "/access-keys", dialogs[locale].accessKey);
      await key.getByRole("textbox", { name: dialogs[locale].name }).fill(unique("Axe key"));
      await key.getByRole("button", { name: dialogs[locale].create }).click();
      await expect(key.getByRole("alert")).toBeVisible();
      await checkShown(page, "/access-keys (code)");
      await page.keyboard.press("Escape");

      await page.goto("/users");
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await checkDialog(page, "/users", dialogs[locale].invite);
      await page.keyboard.press("Escape");

      const stock = (await (await request.get(`${API}/stock?perPage=1`, { headers })).json()).items[0];
      expect(stock, "a stock record").toBeTruthy();
      await page.goto(`/stock/${stock.id}`);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await checkDialog(page, `/stock/${stock.id}`, dialogs[locale].move);
    });

    // The remaining record pages and their dialogs: Portuguese only (see `locales`).
    if (everyPage) {
      // An order has two more pages of its own: a test of their own keeps the area's short.
      test("/orders: an order's edit and print pages", async ({ page, request }) => {
        // An order of its own: the newest of the shared org may be another test's 500-item order.
        const { order } = await newOrder(request, await adminHeaders(request));
        const id = order.id;
        await signIn(page, { locale, path: `/orders/${id}/edit` });
        await checkLoaded(page, `/orders/${id}/edit`);
        await checkPage(page, `/orders/${id}/print`);
      });

      test("a product's page with images, a variation, a specification and an alternative unit, and its dialogs", async ({
        page,
        request,
      }) => {
        const headers = { authorization: `Bearer ${await login(request)}` };
        const png = Buffer.from(
          "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
          "base64",
        );
        const upload = await request.post(`${API}/resource-files`, {
          headers,
          multipart: { files: { name: "axe.png", mimeType: "image/png", buffer: png } },
        });
        expect(upload.status(), await upload.text()).toBe(200);
        const [file] = (await upload.json()).resourceFiles;
        const variation = await (
          await request.post(`${API}/variations`, { headers, data: { name: unique("Cor"), active: true, values: ["Azul"] } })
        ).json();
        const created = await request.post(`${API}/products`, {
          headers,
          data: { name: unique("Produto axe"), price: 10.5, weight: 1.25, images: [{ resource_file_id: file.id, main: true }] },
        });
        expect(created.status(), await created.text()).toBe(200);
        const product = await created.json();
        await request.post(`${API}/products/${product.id}/variations`, {
          headers,
          data: { name: "Azul", values: [{ variation_id: variation.id, value: "Azul" }] },
        });
        await request.post(`${API}/products/${product.id}/specification`, {
          headers,
          data: { name: "Voltagem", value: "220V", is_searchable: true },
        });
        const unit = (await (await request.get(`${API}/measure-units?perPage=1`, { headers })).json()).items[0];
        await request.post(`${API}/products/alternative-units`, {
          headers,
          data: { product_id: product.id, unit_id: unit.id, quantity: 12, value_multiplier: 12, decimals_for_quantity: 0 },
        });

        await signIn(page, { locale, path: `/products/${product.id}` });
        await checkLoaded(page, `/products/${product.id}`);
        await expect(page.getByRole("region").getByRole("row")).not.toHaveCount(0);
        for (const dialog of ["Nova variação", "Nova especificação"]) {
          await page.getByRole("button", { name: dialog }).click();
          await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
          await checkShown(page, `/products/${product.id} (${dialog})`);
          await page.keyboard.press("Escape");
          await expect(page.getByRole("dialog")).toBeHidden();
        }
      });

      test("a webhook's page, and the new-webhook dialog before and after it shows the secret", async ({ page, request }) => {
        const headers = await adminHeaders(request);
        const created = await request.post(`${API}/webhooks`, {
          headers,
          data: { url: `http://127.0.0.1:9/${unique("axe").replace(" ", "-")}`, events: ["order.created"], active: false },
        });
        expect(created.status(), await created.text()).toBe(201);
        const webhook = await created.json();
        await signIn(page, { locale, path: `/webhooks/${webhook.id}` });
        await checkLoaded(page, `/webhooks/${webhook.id}`);
        await checkPage(page, "/webhooks");
        const dialog = await checkDialog(page, "/webhooks", dialogs["pt-BR"].webhook);
        await dialog.getByRole("textbox", { name: dialogs["pt-BR"].url }).fill(`http://127.0.0.1:9/${unique("axe").replace(" ", "-")}`);
        await dialog.getByRole("checkbox").first().check();
        await dialog.getByRole("button", { name: dialogs["pt-BR"].create }).click();
        await expect(dialog.getByRole("alert")).toBeVisible();
        await checkShown(page, "/webhooks (secret)");
      });

      test("the page of an address that is no page (404)", async ({ page }) => {
        await signIn(page, { locale, path: "/brands" });
        await page.goto("/no-such-page");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await checkShown(page, "/no-such-page");
      });
    }
  });
}
