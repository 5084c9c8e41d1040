"use client";

import { createContext, useContext, useState } from "react";
import { setPreferenceCookie, THEME_COOKIE, themeClass, type Theme } from "@/lib/theme";

const ThemeContext = createContext<{ theme: Theme; setTheme: (theme: Theme) => void }>({ theme: "system", setTheme: () => {} });

/**
 * The colour scheme. The root layout renders <html> with the class of the cookie's theme,
 * so the first paint is right (no flash); CSS `light-dark()` follows the system when no
 * class forces one. Choosing a theme sets the class and the cookie at once.
 */
export function ThemeProvider({ initial, children }: { initial: Theme; children: React.ReactNode }) {
  const [theme, setState] = useState(initial);
  const setTheme = (next: Theme) => {
    setState(next);
    setPreferenceCookie(THEME_COOKIE, next);
    const root = document.documentElement;
    root.classList.remove("light", "dark");
    const forced = themeClass(next);
    if (forced) root.classList.add(forced);
  };
  return <ThemeContext.Provider value={{ theme, setTheme }}>{children}</ThemeContext.Provider>;
}

export function useTheme() {
  return useContext(ThemeContext);
}
