import { NextResponse, type NextRequest } from "next/server";

/** The header that tells a server component which page was asked for (layouts are not told). */
export const REQUEST_PATH_HEADER = "x-request-path";

/**
 * The pages' Content-Security-Policy, with a nonce per request: Next.js reads it from the
 * request's CSP header and puts it on the scripts it renders, so no other script runs.
 * Styles allow inline attributes (the UI kit and the API reference set them). The API
 * answers carry their own deny-all policy (server/http/problem.ts).
 */
function contentSecurityPolicy(nonce: string): string {
  const development = process.env.NODE_ENV === "development";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    `connect-src 'self'${development ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Every page: the CSP with its nonce, and the requested path and query for server
 * components (the panel's layout sends a signed-out visitor to
 * /sign-in?callbackUrl=<that page>).
 */
export function proxy(request: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const policy = contentSecurityPolicy(nonce);
  const headers = new Headers(request.headers);
  headers.set(REQUEST_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: [{ source: "/((?!api/|_next/static|_next/image|favicon.ico|robots.txt).*)" }],
};
