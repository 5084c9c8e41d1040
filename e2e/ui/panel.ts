import { expect, type Page } from "@playwright/test";
import { ADMIN } from "../fixtures";

/** Signs in through the panel's sign-in page and waits for the page it lands on. */
export async function signIn(page: Page, { user = ADMIN, path = "/brands" }: { user?: { email: string; password: string }; path?: string } = {}) {
  await page.goto(path === "/brands" ? "/sign-in" : `/sign-in?callbackUrl=${encodeURIComponent(path)}`);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === path.split("?")[0]);
  await expect(page.getByRole("banner")).toContainText(user.email);
}

/** A sonner toast with this text. */
export const toast = (page: Page, text: string | RegExp) => page.getByRole("region", { name: /Notifications/ }).getByText(text);
