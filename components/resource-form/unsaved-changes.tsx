"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from "react";
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

/** A link click that leaves the page (same origin, another path or query), else null. */
function leavingLink(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.("a[href]");
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download"))
    return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url;
}

interface UnsavedChanges {
  /** Marks a part of the page dirty (or not); the guard is on while any part is. */
  mark: (id: string, dirty: boolean) => void;
  /** Goes to a page of the panel, asking first while the page has unsaved changes. */
  navigate: (href: string) => void;
}

const UnsavedChangesContext = createContext<UnsavedChanges | null>(null);

/**
 * The panel's guard against losing edits: while any form of the page has unsaved changes
 * (useUnsavedChanges), leaving asks first. A link of the panel opens a confirmation, the
 * back button too (an extra history entry catches it), and closing or reloading the tab
 * gets the browser's own question. Navigation in code (the command palette) goes through
 * `useGuardedNavigation` and asks the same way. One guard and one dialog for the page,
 * however many forms it holds.
 */
export function UnsavedChangesProvider({ children }: { children: React.ReactNode }) {
  const t = useTranslations("form.unsaved");
  const router = useRouter();
  const [dirty, setDirty] = useState<ReadonlySet<string>>(() => new Set());
  const [leave, setLeave] = useState<(() => void) | null>(null);
  const leaving = useRef(false);
  const guardEntry = useRef<string | null>(null);
  const active = dirty.size > 0;
  const activeNow = useRef(active);
  useEffect(() => {
    activeNow.current = active;
  }, [active]);

  const [mark] = useState(
    () => (id: string, isDirty: boolean) =>
      setDirty((current) => {
        if (current.has(id) === isDirty) return current;
        const next = new Set(current);
        if (isDirty) next.add(id);
        else next.delete(id);
        return next;
      }),
  );

  useEffect(() => {
    if (!active) return;
    leaving.current = false;
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
    // One extra entry per page: going back from it lands on the page itself, and asks.
    if (guardEntry.current !== window.location.href) {
      window.history.pushState(window.history.state, "", window.location.href);
      guardEntry.current = window.location.href;
    }
    const popState = () => {
      if (leaving.current) return;
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

  const navigate = useCallback(
    (href: string) => {
      if (!activeNow.current || leaving.current) return router.push(href);
      setLeave(() => () => {
        leaving.current = true;
        router.push(href);
      });
    },
    [router],
  );
  const value = useMemo(() => ({ mark, navigate }), [mark, navigate]);

  return (
    <UnsavedChangesContext.Provider value={value}>
      {children}
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
    </UnsavedChangesContext.Provider>
  );
}

/** Tells the page's guard whether this form has unsaved changes (nothing outside the panel frame). */
export function useUnsavedChanges(dirty: boolean) {
  const mark = useContext(UnsavedChangesContext)?.mark;
  const id = useId();
  useEffect(() => {
    mark?.(id, dirty);
    return () => mark?.(id, false);
  }, [mark, id, dirty]);
}

/** Goes to a page as a link of the panel would: asking first while the page has unsaved changes. */
export function useGuardedNavigation(): (href: string) => void {
  const guard = useContext(UnsavedChangesContext);
  const router = useRouter();
  return guard?.navigate ?? ((href) => router.push(href));
}
