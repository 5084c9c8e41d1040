"use client";

import { AlertCircleIcon, Loader2Icon } from "lucide-react";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { TextField, useResourceForm } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { loginInput } from "@/server/auth/schemas";

/** next-auth's answer for a wrong email or password; any other error carries the server's message (429). */
const WRONG_CREDENTIALS = "CredentialsSignin";

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const t = useTranslations("signIn");
  const problems = useTranslations("problem");
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useResourceForm(loginInput, { defaultValues: { email: "", password: "" }, labels: "signIn" });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      const result = await signIn("credentials", { email, password, redirect: false });
      if (result?.ok && !result.error) {
        router.replace(callbackUrl);
        router.refresh();
        return;
      }
      setFailure(
        !result?.error || result.error === WRONG_CREDENTIALS
          ? t("wrongCredentials")
          : /too many/i.test(result.error)
            ? t("tooManyAttempts")
            : result.error,
      );
      form.setValue("password", "");
      form.setFocus("password");
    } catch {
      setFailure(problems("network"));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t("form")}>
      {failure && (
        <div role="alert" className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{failure}</span>
        </div>
      )}
      <TextField control={form.control} name="email" label={t("email")} type="email" autoComplete="username" autoFocus required />
      <TextField control={form.control} name="password" label={t("password")} type="password" autoComplete="current-password" required />
      <Button type="submit" className="mt-2 w-full" disabled={isSubmitting}>
        {isSubmitting && <Loader2Icon className="animate-spin" aria-hidden />}
        {isSubmitting ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
