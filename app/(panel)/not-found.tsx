import { FileQuestionIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { HOME } from "@/lib/callback-url";

/** A page of the panel that does not exist, inside the app frame (sidebar and header stay). */
export default async function PanelNotFound() {
  const t = await getTranslations("notFound");
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <FileQuestionIcon className="size-12 text-muted-foreground" aria-hidden />
      <div>
        <p className="text-sm font-medium text-muted-foreground">404</p>
        <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t("description")}</p>
      </div>
      <Button asChild>
        <Link href={HOME}>{t("home")}</Link>
      </Button>
    </div>
  );
}
