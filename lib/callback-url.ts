export const HOME = "/";

/**
 * Where to go after signing in: a path of this site only (never another origin, so the
 * sign-in page cannot be used to send someone elsewhere).
 */
export function safeCallbackUrl(value: string | string[] | null | undefined, origin?: string): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return HOME;
  try {
    const base = origin ?? "http://panel.invalid";
    const url = new URL(raw, base);
    if (url.origin !== new URL(base).origin || url.pathname.startsWith("/sign-in") || url.pathname.startsWith("/api/")) return HOME;
    return url.pathname + url.search + url.hash;
  } catch {
    return HOME;
  }
}
