import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { cookies } from "next/headers";
import { ThemeProvider } from "@/components/panel/theme";
import { Providers } from "@/components/providers";
import { THEME_COOKIE, themeClass, themeOf } from "@/lib/theme";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("app");
  return { title: t("name"), description: t("description") };
}

/** The language and the theme come from cookies, so the first paint is already in both. */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  const theme = themeOf((await cookies()).get(THEME_COOKIE)?.value);
  return (
    <html lang={locale} className={themeClass(theme)}>
      <body>
        <NextIntlClientProvider>
          <ThemeProvider initial={theme}>
            <Providers>{children}</Providers>
          </ThemeProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
