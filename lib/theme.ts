/** The colour scheme: the system's (by default), or one chosen in the user menu. */
export const themes = ["system", "light", "dark"] as const;
export type Theme = (typeof themes)[number];

/** The cookie that keeps the chosen theme, read by the root layout (so the first paint is right). */
export const THEME_COOKIE = "theme";

export function themeOf(value: string | undefined | null): Theme {
  return (themes as readonly string[]).includes(value ?? "") ? (value as Theme) : "system";
}

/** The class on <html>: none follows the system (CSS `light-dark()`), "light"/"dark" force one. */
export function themeClass(theme: Theme): string | undefined {
  return theme === "system" ? undefined : theme;
}

/** Writes a preference cookie for a year. */
export function setPreferenceCookie(name: string, value: string) {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax`;
}
