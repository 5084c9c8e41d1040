import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { HOME } from "@/lib/callback-url";

/** An address outside the panel that matches nothing: a plain page. */
export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-4 text-center">
      <p className="text-sm font-medium text-muted-foreground">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="text-sm text-muted-foreground">{t("description")}</p>
      <Link href={HOME} className="text-sm text-primary underline-offset-4 hover:underline">
        {t("home")}
      </Link>
    </main>
  );
}
