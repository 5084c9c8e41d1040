import { ADMIN, expect, test } from "../fixtures";
import { openUserMenu, signIn, signInWithForm } from "./panel";

test.describe("sign-in", () => {
  test("wrong credentials show an error and stay on the page", async ({ page }) => {
    await page.goto("/sign-in");
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    // An unknown address, not the admin's: failed attempts count per email, and the
    // admin's must stay under the limit for the other tests.
    await page.getByLabel("E-mail").fill(`nobody-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`);
    await page.getByLabel("Senha").fill("not-the-password");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByText("E-mail ou senha inválidos")).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByLabel("Senha")).toHaveValue("");
  });

  test("empty fields are flagged inline, in the chosen language", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByText("E-mail: obrigatório")).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");

    await page.getByRole("combobox", { name: "Idioma" }).click();
    await page.getByRole("option", { name: "English" }).click();
    await expect(page.getByRole("heading", { name: "Sign in to the back office" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Email: required")).toBeVisible();
  });

  test("the right password lands on the brands, with the user in the header", async ({ page }) => {
    await signInWithForm(page);
    await expect(page.getByRole("heading", { name: "Marcas", level: 1 })).toBeVisible();
    await expect(page.getByRole("banner")).toContainText("Administrador");
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test("a signed-out visit goes to sign-in and comes back to the page asked for", async ({ page }) => {
    await page.goto("/access-keys");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Faccess-keys/);
    await page.getByLabel("E-mail").fill(ADMIN.email);
    await page.getByLabel("Senha").fill(ADMIN.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL(/\/access-keys$/);
    await expect(page.getByRole("heading", { name: "Chaves de acesso", level: 1 })).toBeVisible();
  });

  test("the navigation lists only areas that exist, each a link", async ({ page }) => {
    await signIn(page);
    const nav = page.getByRole("navigation", { name: "Principal" });
    await expect(nav.getByRole("link", { name: "Marcas" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('[aria-disabled="true"]')).toHaveCount(0);
    const items = nav.getByRole("listitem");
    await expect(items).toHaveCount(await nav.getByRole("link").count());
    for (const href of await nav.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
      const response = await page.request.get(href ?? "");
      expect(response.status(), href ?? "").toBe(200);
    }
  });

  test("switching the language in the user menu changes the panel and lasts across a reload", async ({ page }) => {
    await signIn(page);
    await openUserMenu(page);
    await page.getByRole("menuitemradio", { name: "English" }).click();
    await expect(page.getByRole("heading", { name: "Brands", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Payment methods" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Brands", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle("Brands · B2B Sales");

    await openUserMenu(page);
    await page.getByRole("menuitemradio", { name: "Português (Brasil)" }).click();
    await expect(page.getByRole("heading", { name: "Marcas", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  });

  test("the theme follows the system until one is chosen in the user menu, with no flash on reload", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await signIn(page);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const dark = await background();
    await page.emulateMedia({ colorScheme: "light" });
    const light = await background();
    expect(light).not.toBe(dark);

    await openUserMenu(page);
    await page.getByRole("menuitemradio", { name: "Escuro" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await background()).toBe(dark);
    // The server renders the chosen class: dark from the first paint, before any script.
    const html = await (await page.request.get("/brands")).text();
    expect(html).toMatch(/<html[^>]*class="dark"/);
    await page.reload();
    expect(await background()).toBe(dark);

    await openUserMenu(page);
    await page.getByRole("menuitemradio", { name: "Do sistema" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    expect(await background()).toBe(light);
  });
});
