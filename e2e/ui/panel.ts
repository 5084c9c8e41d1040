import { expect, test, type Page } from "@playwright/test";
import { ADMIN } from "../fixtures";

export type Locale = "pt-BR" | "en";

/** Chooses the panel's language for this page's browser (the cookie the user menu sets). */
export async function useLocale(page: Page, locale: Locale) {
  const url = test.info().project.use.baseURL ?? "http://127.0.0.1:3300";
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url }]);
}

const words = {
  "pt-BR": { email: "E-mail", password: "Senha", submit: "Entrar" },
  en: { email: "Email", password: "Password", submit: "Sign in" },
} satisfies Record<Locale, unknown>;

/** Signs in through the panel's sign-in page, in a language (Portuguese by default), and waits for the page it lands on. */
export async function signIn(
  page: Page,
  { user = ADMIN, path = "/brands", locale = "pt-BR" }: { user?: { email: string; password: string }; path?: string; locale?: Locale } = {},
) {
  await useLocale(page, locale);
  await page.goto(path === "/" ? "/sign-in" : `/sign-in?callbackUrl=${encodeURIComponent(path)}`);
  await page.getByLabel(words[locale].email).fill(user.email);
  await page.getByLabel(words[locale].password).fill(user.password);
  await page.getByRole("button", { name: words[locale].submit, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === path.split("?")[0]);
  await expect(page.getByRole("banner")).toContainText(user.email);
}

/** A sonner toast with this text. */
export const toast = (page: Page, text: string | RegExp) => page.getByRole("region", { name: /Notificações|Notifications/ }).getByText(text);

/** Opens the user menu in the header. */
export async function openUserMenu(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: /Menu da conta|Account menu/ }).click();
}
