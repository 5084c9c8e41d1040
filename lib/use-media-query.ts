"use client";

import { useSyncExternalStore } from "react";

/** Whether a CSS media query matches, following its changes; false on the server. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Phone widths (below Tailwind's `sm`), where lists show cards instead of tables. */
export const PHONE = "(max-width: 639.98px)";
