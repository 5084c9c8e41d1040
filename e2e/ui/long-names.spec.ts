import type { Page } from "@playwright/test";
import { API, expect, login, test, unique } from "../fixtures";
import { signIn } from "./panel";

/**
 * Names as distributors write them ("Furadeira de Impacto Profissional 850W 220V Mandril
 * 13mm …", 120 characters) never push a control out of its frame: a lookup cuts the name in
 * its trigger (whole in its title), a dialog keeps its buttons in view, a page never scrolls
 * sideways — at a phone's width and a wide screen's.
 */
const LONG = "Furadeira de Impacto Profissional 850W 220V Mandril 13mm com Maleta, Empunhadura Lateral e Limitador de Profundidade";

/** The page scrolls sideways by this much (0: it does not). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const width of [390, 1440]) {
  test(`a 120-character name fits every lookup at ${width} px: the price simulator, the stock movement dialog, the list filters`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const headers = { authorization: `Bearer ${await login(request)}` };
    // 120 characters whose last ten are unique (the two widths' products, and other runs', never share a name).
    const name = `${LONG.slice(0, 109)} ${unique("n")}`;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    /** Options name the product with its SKU after it. */
    const named = new RegExp(escaped);
    const product = await request.post(`${API}/products`, { headers, data: { name, price: 99.9 } });
    expect(product.status(), await product.text()).toBe(200);
    await page.setViewportSize({ width, height: 900 });

    // The price simulator: the product field stays in its column, left of the result.
    await signIn(page, { path: "/price-simulator" });
    await page.getByRole("searchbox").first().fill(name.slice(0, 40));
    const productField = page.getByRole("combobox", { name: "Produto" });
    await productField.click();
    await page.getByRole("option", { name: named }).click();
    await expect(productField).toHaveAttribute("title", new RegExp(`^${escaped}`));
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    if (width >= 1024) {
      const field = await productField.boundingBox();
      const result = await page.locator("section[aria-labelledby=simulator-result]").boundingBox();
      expect(field && result && field.x + field.width).toBeLessThanOrEqual(result!.x);
    }

    // The stock movement dialog: the product chosen, the dialog keeps its width and its submit button in view.
    await page.goto("/stock");
    await page.getByRole("button", { name: "Nova movimentação" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("searchbox").fill(name.slice(0, 40));
    await dialog.getByRole("combobox", { name: /^Produto/ }).click();
    await page.getByRole("option", { name: named }).click();
    const frame = (await dialog.boundingBox())!;
    const trigger = (await dialog.getByRole("combobox", { name: /^Produto/ }).boundingBox())!;
    expect(trigger.x + trigger.width).toBeLessThanOrEqual(frame.x + frame.width);
    const submit = dialog.getByRole("button", { name: "Registrar movimentação" });
    await submit.scrollIntoViewIfNeeded();
    const button = (await submit.boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(frame.x + frame.width);
    // Sent without a company: staff read a choice to make, not a UUID.
    await submit.click();
    await expect(dialog.getByText("Empresa: escolha uma opção")).toBeVisible();
    await expect(dialog.getByText(/UUID/)).toHaveCount(0);
    await page.keyboard.press("Escape");

    // The list's product filter: chosen by its long name, the page does not scroll sideways.
    await page.getByRole("combobox", { name: /^Produto/ }).click();
    await page.getByPlaceholder("Filtrar as opções…").fill(name.slice(0, 40));
    await page.getByRole("option", { name: named }).click();
    await expect(page).toHaveURL(/product_id=/);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });
}
