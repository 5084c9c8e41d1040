import { ADMIN, expect, test } from "../fixtures";
import { signIn } from "./panel";

test.describe("sign-in", () => {
  test("wrong credentials show an error and stay on the page", async ({ page }) => {
    await page.goto("/sign-in");
    // An unknown address, not the admin's: failed attempts count per email, and the
    // admin's must stay under the limit for the other tests.
    await page.getByLabel("Email").fill(`nobody-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Invalid email or password")).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByLabel("Password")).toHaveValue("");
  });

  test("empty fields are flagged inline", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  });

  test("the right password lands on the brands, with the user in the header", async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole("heading", { name: "Brands", level: 1 })).toBeVisible();
    await expect(page.getByRole("banner")).toContainText("Admin");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test("a signed-out visit goes to sign-in and comes back to the page asked for", async ({ page }) => {
    await page.goto("/access-keys");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Faccess-keys/);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/access-keys$/);
    await expect(page.getByRole("heading", { name: "Access keys", level: 1 })).toBeVisible();
  });

  test("areas not built yet are listed but not links", async ({ page }) => {
    await signIn(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Brands" })).toHaveAttribute("aria-current", "page");
    const soon = nav.locator('[aria-disabled="true"]');
    test.skip((await soon.count()) === 0, "every area of the panel is built");
    await expect(soon.first()).toContainText(/soon/i);
    const label = (await soon.first().locator("span").first().textContent()) ?? "";
    await expect(nav.getByRole("link", { name: label })).toHaveCount(0);
  });
});
