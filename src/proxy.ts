// Next.js 16 Proxy (formerly middleware): tells the dashboard layout which page
// was asked for, so a signed-out visitor goes to sign-in with that page as
// callbackUrl instead of losing the deep link. The header is always overwritten,
// so a client cannot supply its own; the layout still keeps it same-origin.
import { NextResponse, type NextRequest } from "next/server";
import { REQUESTED_PATH_HEADER } from "@/components/auth/requested-path";

export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set(REQUESTED_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

// The dashboard's pages (src/app/(dashboard)); must be literals, so a new page is added here too.
export const config = {
  matcher: ["/overview", "/transactions/:path*", "/sandbox", "/balance", "/balance/:path*", "/api-keys", "/brand", "/webhooks", "/security"],
};
