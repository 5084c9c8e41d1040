import { getServerSession } from "next-auth";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { safeCallbackUrl } from "@/lib/callback-url";
import { pageMetadata } from "@/lib/page-metadata";
import { authOptions } from "@/server/auth/next-auth";
import { LanguageSelect } from "./language-select";
import { SignInForm } from "./sign-in-form";

export const generateMetadata = () => pageMetadata("signIn.pageTitle");

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  if (await getServerSession(authOptions())) redirect(callbackUrl);
  const t = await getTranslations("signIn");
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <span
            className="flex size-10 items-center justify-center rounded-lg bg-primary text-sm font-bold text-primary-foreground"
            aria-hidden
          >
            B2B
          </span>
          <div>
            <h1 className="text-xl font-semibold tracking-tight">{t("title")}</h1>
            <p className="mt-1 text-sm text-muted-foreground">{t("description")}</p>
          </div>
        </div>
        <div className="rounded-xl border bg-card p-6 shadow-xs">
          <SignInForm callbackUrl={callbackUrl} />
        </div>
        <div className="mt-4 flex justify-center">
          <LanguageSelect />
        </div>
      </div>
    </main>
  );
}
