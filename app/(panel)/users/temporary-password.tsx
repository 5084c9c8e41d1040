"use client";

import { TriangleAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/** The one time a temporary password is shown (after an invite or a reset). */
export function TemporaryPassword({ title, who, password, onDone }: { title: string; who: string; password: string; onDone: () => void }) {
  const t = useTranslations("users");
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{who}</DialogDescription>
      </DialogHeader>
      <div role="alert" className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm text-warning">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>{t("passwordWarning")}</p>
      </div>
      <div className="grid gap-1.5">
        <span className="text-sm font-medium">{t("temporaryPassword")}</span>
        <div className="flex items-center gap-2">
          <code
            data-testid="temporary-password"
            className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all select-all"
          >
            {password}
          </code>
          <CopyButton value={password} label={t("copyPassword")} />
        </div>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>{t("passwordCopied")}</Button>
      </DialogFooter>
    </>
  );
}
