import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { API, expect, OTHER_ADMIN, test, unique, type Headers } from "../fixtures";
import { ORGS } from "../orgs";
import { signIn, useLocale } from "./panel";

/** The dashboard as the panel's API answers it (tRPC, the same procedure the page calls). */
async function dashboardFromApi(request: APIRequestContext, headers: Headers, input: object) {
  const response = await request.get(`/api/trpc/dashboard.get?input=${encodeURIComponent(JSON.stringify(input))}`, { headers });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).result.data as {
    period: { start: string; final: string };
    kpis: Record<
      "revenue" | "sales" | "average_ticket" | "open_receivables" | "overdue_receivables",
      { current: number; previous: number }
    >;
    top_products: Array<{ product_name: string }>;
  };
}

const money = (value: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(value);
const number = (value: number) => new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 3 }).format(value);
const brazilianDate = (day: string) => day.split("-").reverse().join("/");

async function expectKpis(page: Page, data: Awaited<ReturnType<typeof dashboardFromApi>>) {
  await expect(page.getByTestId("kpi-revenue-value")).toHaveText(money(data.kpis.revenue.current));
  await expect(page.getByTestId("kpi-sales-value")).toHaveText(number(data.kpis.sales.current));
  await expect(page.getByTestId("kpi-average-ticket-value")).toHaveText(money(data.kpis.average_ticket.current));
  await expect(page.getByTestId("kpi-open-receivables-value")).toHaveText(money(data.kpis.open_receivables.current));
  await expect(page.getByTestId("kpi-overdue-receivables-value")).toHaveText(money(data.kpis.overdue_receivables.current));
}

// The dashboard adds up the whole org: it has an org of its own (e2e/orgs.ts), which no other
// spec's records change while these tests compare the page with the API. Its tests change
// nothing the others read (the low-stock one moves stock, which no total counts).
test.use({ org: ORGS.dashboard });
const user = ORGS.dashboard;

test("the home page is the dashboard: KPIs, funnel and top products as the API answers them", async ({ page, request, admin }) => {
  // A long journey: three periods, each checked against the API.
  test.slow();
  // Today's storefront: two more sessions, one of them to the cart.
  const session = randomUUID();
  const recorded = await request.post(`${API}/sales-funnel/events`, {
    headers: admin,
    data: [
      { session_id: session, stage: "SESSION" },
      { session_id: session, stage: "PRODUCT" },
      { session_id: session, stage: "SHOPPING_CART" },
      { session_id: randomUUID(), stage: "SESSION" },
    ],
  });
  expect(recorded.status(), await recorded.text()).toBe(202);
  const funnel = await (await request.get(`${API}/sales-funnel`, { headers: admin })).json();
  const mostSold = await (await request.post(`${API}/products/analysis/most-sold?page=0&perPage=5`, { headers: admin })).json();

  await signIn(page, { path: "/", user });
  await expect(page.getByRole("heading", { name: "Painel", level: 1 })).toBeVisible();
  const data = await dashboardFromApi(request, admin, { days: 30 });
  await expect(page.getByText(`${brazilianDate(data.period.start)} a ${brazilianDate(data.period.final)}`)).toBeVisible();
  await expectKpis(page, data);

  // The funnel's figures, from its table (the chart's accessible alternative), against GET /sales-funnel.
  const funnelCard = page.getByRole("region", { name: "Funil de vendas" });
  await funnelCard.getByText("Ver como tabela").click();
  await expect(funnelCard.getByTestId("funnel-SESSIONS").getByRole("cell").nth(1)).toHaveText(number(funnel.sessions.quantity));
  await expect(funnelCard.getByTestId("funnel-SHOPPING_CART").getByRole("cell").nth(1)).toHaveText(number(funnel.shopping_cart.quantity));
  await expect(funnelCard.getByTestId("funnel-SHOPPING_CART").getByRole("cell").nth(2)).toHaveText(
    `${number(funnel.shopping_cart.percentage)}%`,
  );
  await expect(funnelCard.getByTestId("funnel-ORDER").getByRole("cell").nth(1)).toHaveText(number(funnel.order.quantity));

  // Top products: POST /products/analysis/most-sold over the same 30 days, in its order.
  const top = page.getByRole("region", { name: "Produtos mais vendidos" });
  if (mostSold.length === 0 && data.top_products.length === 0) await expect(top.getByText("Nenhuma venda no período.")).toBeVisible();
  else await expect(top.getByTestId("top-product")).toHaveCount(data.top_products.length);

  // Another period: the last 7 days, kept in the address, against the API again.
  await page.getByLabel("Período", { exact: true }).selectOption("7");
  await expect(page).toHaveURL(/\?days=7$/);
  const week = await dashboardFromApi(request, admin, { days: 7 });
  await expect(page.getByText(`${brazilianDate(week.period.start)} a ${brazilianDate(week.period.final)}`)).toBeVisible();
  await expectKpis(page, week);

  // Two days chosen by hand.
  await page.getByLabel("Período", { exact: true }).selectOption("custom");
  await page.getByRole("textbox", { name: "De", exact: true }).fill(brazilianDate(data.period.start));
  await page.getByRole("textbox", { name: "Até", exact: true }).fill(brazilianDate(data.period.final));
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL(new RegExp(`start=${data.period.start}&final=${data.period.final}`));
  await expectKpis(page, await dashboardFromApi(request, admin, { start_date: data.period.start, final_date: data.period.final }));
});

for (const locale of ["pt-BR", "en"] as const) {
  test(`the dashboard passes axe (WCAG 2.1 A/AA), ${locale}`, async ({ page }) => {
    await useLocale(page, locale);
    await signIn(page, { path: "/", locale, user });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByTestId("kpi-revenue")).toBeVisible();
    for (const details of await page.locator("details").all()) await details.locator("summary").click();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const blocking = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(
      blocking.map(
        (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      ),
    ).toEqual([]);
  });
}

test("the low-stock card lists the org's records at or below their product's minimum, linking to their ledger", async ({
  page,
  request,
  admin,
  otherAdmin,
  browser,
  baseURL,
}) => {
  const send = async (method: "post" | "put" | "get", path: string, data?: object, headers = admin) => {
    const response = await request[method](`${API}${path}`, { headers, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  // A product far below its minimum (so it leads the card whatever else is low), and one above it.
  const [company] = (await send("get", "/companies?perPage=1")).items;
  const [warehouse] = (await send("get", "/warehouses?perPage=1")).items;
  const low = await send("post", "/products", { name: unique("Lona"), attributes: { minimum_stock: 900000 } });
  const plenty = await send("post", "/products", { name: unique("Corda"), attributes: { minimum_stock: 1 } });
  const key = { company_id: company.id, warehouse_id: warehouse.id };
  const stock = await send("put", "/stock/movement", { ...key, product_id: low.id, type: "INCREMENT", quantity: 3 });
  await send("put", "/stock/movement", { ...key, product_id: plenty.id, type: "INCREMENT", quantity: 5 });

  await signIn(page, { path: "/", user });
  const card = page.getByRole("region", { name: "Estoque baixo" });
  const row = card.getByTestId("low-stock-record").first();
  await expect(row).toContainText(low.name);
  await expect(row.getByRole("cell").nth(1)).toHaveText(warehouse.name);
  await expect(row.getByRole("cell").nth(2)).toHaveText("3");
  await expect(row.getByRole("cell").nth(3)).toHaveText("900.000");
  await expect(card.getByText(plenty.name)).toHaveCount(0);
  await expect(card.getByRole("link", { name: "Ver todo o estoque" })).toHaveAttribute("href", "/stock");
  await row.getByRole("link", { name: low.name }).click();
  await expect(page).toHaveURL(new RegExp(`/stock/${stock.id}$`));
  await expect(page.getByRole("heading", { name: `Extrato de ${low.name}` })).toBeVisible();

  // Back above the minimum: it leaves the card.
  await send("put", "/stock/movement", { ...key, product_id: low.id, type: "INCREMENT", quantity: 900000 });
  await page.goto("/");
  // The card's own answer (its records or its empty state), not the dashboard's heavier KPIs.
  await expect(card.getByTestId("low-stock-record").first().or(card.getByText("Nenhum produto com estoque baixo."))).toBeVisible();
  await expect(card.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(card.getByText(low.name)).toHaveCount(0);

  // Another org never sees it; what it sees is its own list, or the empty state.
  const theirs = await (await request.get(`/api/trpc/lowStock.list?input=${encodeURIComponent("{}")}`, { headers: otherAdmin })).json();
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signIn(otherPage, { path: "/", user: OTHER_ADMIN });
  const otherCard = otherPage.getByRole("region", { name: "Estoque baixo" });
  if (theirs.result.data.total === 0) await expect(otherCard.getByText("Nenhum produto com estoque baixo.")).toBeVisible();
  else await expect(otherCard.getByTestId("low-stock-record")).toHaveCount(theirs.result.data.items.length);
  await expect(otherCard.getByText(low.name)).toHaveCount(0);
  await other.close();
});
