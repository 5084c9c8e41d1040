import { NextResponse, type NextRequest } from "next/server";

/** The header that tells a server component which page was asked for (layouts are not told). */
export const REQUEST_PATH_HEADER = "x-request-path";

/**
 * Passes the requested path and query to server components, so the panel's layout can
 * send a signed-out visitor to /sign-in?callbackUrl=<that page>.
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set(REQUEST_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/((?!api/|_next/|sign-in|favicon.ico|robots.txt).*)"],
};
