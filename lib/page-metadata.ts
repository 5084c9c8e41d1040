import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

/** A page's <title> in the active language: "Marcas · B2B Vendas". `key` is a message key ("brands.title"). */
export async function pageMetadata(key: string): Promise<Metadata> {
  const t = await getTranslations();
  return { title: `${t(key as never)} · ${t("app.name")}` };
}
