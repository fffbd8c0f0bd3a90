// Next.js 16 Proxy (formerly middleware), on every page (not the API): tells the
// dashboard layout which page was asked for, so a signed-out visitor goes to
// sign-in with that page as callbackUrl instead of losing the deep link (the
// header is always overwritten, so a client cannot supply its own; the layout
// still keeps it same-origin), and adds HSTS when APP_URL is https, which only
// the run-time configuration knows.
import { NextResponse, type NextRequest } from "next/server";
import { REQUESTED_PATH_HEADER } from "@/lib/requested-path";
import { getEnv } from "@/env";
import { strictTransportSecurity } from "@/server/http/strict-transport";

export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set(REQUESTED_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  const response = NextResponse.next({ request: { headers } });
  const hsts = strictTransportSecurity(getEnv().APP_URL);
  if (hsts) response.headers.set("strict-transport-security", hsts);
  return response;
}

// Pages only: the API, vendor callbacks, health checks, Next's own assets and the
// static files in public/ (favicon, robots.txt, payment-method logos) skip the proxy.
export const config = {
  matcher: ["/((?!api/|v3(?:/|$)|_next/|healthz|readyz|favicon\\.ico|favicon\\.svg|icon\\.svg|robots\\.txt|payment-methods/).*)"],
};
