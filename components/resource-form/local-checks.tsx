"use client";

import { createContext, useContext, useEffect, useRef } from "react";

/**
 * Checks of what a form's schema cannot see: an editor's own rows (an attribute name
 * typed twice, a value that is not a number). ResourceForm runs them before saving and
 * does not save while one fails; the editor shows why.
 */
export interface LocalChecks {
  /** Registers a check (true when valid); returns the way to remove it. */
  register: (check: () => boolean) => () => void;
  /** True when every registered check passes. */
  passes: () => boolean;
}

export function useLocalCheckRegistry(): LocalChecks {
  const checks = useRef(new Set<() => boolean>());
  const registry = useRef<LocalChecks>({
    register: (check) => {
      checks.current.add(check);
      return () => checks.current.delete(check);
    },
    passes: () => [...checks.current].every((check) => check()),
  });
  return registry.current;
}

export const LocalChecksContext = createContext<LocalChecks | null>(null);

/** Keeps `valid` among the checks of the surrounding ResourceForm (none outside one). */
export function useLocalCheck(valid: boolean) {
  const registry = useContext(LocalChecksContext);
  const current = useRef(valid);
  current.current = valid;
  useEffect(() => registry?.register(() => current.current), [registry]);
}
