import { expect, request, test, type Cookie, type Page } from "@playwright/test";
import { ADMIN } from "../fixtures";

export type Locale = "pt-BR" | "en";

const baseUrl = () => test.info().project.use.baseURL ?? "http://127.0.0.1:3300";

/** Chooses the panel's language for this page's browser (the cookie the user menu sets). */
export async function useLocale(page: Page, locale: Locale) {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseUrl() }]);
}

const words = {
  "pt-BR": { email: "E-mail", password: "Senha", submit: "Entrar" },
  en: { email: "Email", password: "Password", submit: "Sign in" },
} satisfies Record<Locale, unknown>;

/** Waits for the page a sign-in lands on, the user named in the header. */
async function expectSignedInAt(page: Page, path: string, user: { email: string }) {
  await expect(page).toHaveURL((url) => url.pathname === path.split("?")[0]);
  await expect(page.getByRole("banner")).toContainText(user.email);
}

/** Signs in through the panel's sign-in page, in a language (Portuguese by default), and waits for the page it lands on. */
export async function signInWithForm(
  page: Page,
  { user = ADMIN, path = "/brands", locale = "pt-BR" }: { user?: { email: string; password: string }; path?: string; locale?: Locale } = {},
) {
  await useLocale(page, locale);
  await page.goto(path === "/" ? "/sign-in" : `/sign-in?callbackUrl=${encodeURIComponent(path)}`);
  await page.getByLabel(words[locale].email).fill(user.email);
  await page.getByLabel(words[locale].password).fill(user.password);
  await page.getByRole("button", { name: words[locale].submit, exact: true }).click();
  await expectSignedInAt(page, path, user);
}

/** next-auth session cookies by email: one sign-in per user and worker (the session is a JWT the server does not keep). */
const sessions = new Map<string, Cookie[]>();

/**
 * Opens a page signed in as a user, in a language (Portuguese by default). The first time a
 * worker needs a user, it signs in through next-auth's credentials endpoint, the one the
 * sign-in form posts to; later tests reuse that session's cookie. The form itself is tested
 * in sign-in.spec.ts (signInWithForm).
 */
export async function signIn(
  page: Page,
  { user = ADMIN, path = "/brands", locale = "pt-BR" }: { user?: { email: string; password: string }; path?: string; locale?: Locale } = {},
) {
  await useLocale(page, locale);
  let cookies = sessions.get(user.email);
  if (!cookies) {
    const context = await request.newContext({ baseURL: baseUrl() });
    try {
      const { csrfToken } = (await (await context.get("/api/auth/csrf")).json()) as { csrfToken: string };
      const answer = await context.post("/api/auth/callback/credentials", {
        form: { csrfToken, email: user.email, password: user.password, callbackUrl: path, json: "true" },
      });
      expect(answer.ok(), await answer.text()).toBe(true);
      cookies = (await context.storageState()).cookies.filter((cookie) => cookie.name.endsWith("session-token"));
    } finally {
      await context.dispose();
    }
    expect(cookies, `a session for ${user.email}`).toHaveLength(1);
    sessions.set(user.email, cookies);
  }
  await page.context().addCookies(cookies);
  await page.goto(path);
  await expectSignedInAt(page, path, user);
}

/** A sonner toast with this text. */
export const toast = (page: Page, text: string | RegExp) =>
  page.getByRole("region", { name: /Notificações|Notifications/ }).getByText(text);

/** Opens the user menu in the header. */
export async function openUserMenu(page: Page) {
  await page
    .getByRole("banner")
    .getByRole("button", { name: /Menu da conta|Account menu/ })
    .click();
}
