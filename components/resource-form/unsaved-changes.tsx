"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";

/** A link click that should leave the page, or null for the back button. */
function leavingLink(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.("a[href]");
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url;
}

/**
 * While `active` (a dirty form), leaving the page asks first: a link of the panel opens a
 * confirmation, the back button too (an extra history entry catches it), and closing or
 * reloading the tab gets the browser's own question. Render the returned dialog.
 */
export function useUnsavedChangesGuard(active: boolean): React.ReactNode {
  const t = useTranslations("form.unsaved");
  const router = useRouter();
  const [leave, setLeave] = useState<(() => void) | null>(null);
  const guardEntry = useRef(false);
  const leaving = useRef(false);

  useEffect(() => {
    if (!active) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    // Capture phase, before the app's handlers (Next's Link) see the click.
    const click = (event: MouseEvent) => {
      const url = leavingLink(event);
      if (!url || leaving.current) return;
      event.preventDefault();
      event.stopPropagation();
      setLeave(() => () => {
        leaving.current = true;
        router.push(url.pathname + url.search + url.hash);
      });
    };
    if (!guardEntry.current) {
      window.history.pushState(window.history.state, "", window.location.href);
      guardEntry.current = true;
    }
    const popState = () => {
      if (leaving.current) return;
      // Back was pressed: the guard entry is gone; put it back and ask.
      window.history.pushState(window.history.state, "", window.location.href);
      setLeave(() => () => {
        leaving.current = true;
        window.history.go(-2);
      });
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    window.addEventListener("popstate", popState);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
      window.removeEventListener("popstate", popState);
    };
  }, [active, router]);

  return (
    <AlertDialog open={leave !== null} onOpenChange={(open) => !open && setLeave(null)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("title")}</AlertDialogTitle>
          <AlertDialogDescription>{t("description")}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("stay")}</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              const go = leave;
              setLeave(null);
              go?.();
            }}
          >
            {t("leave")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
