// The `route` label of /v3 metrics: the route template, never the raw path (an
// otp_id in a label would make one series per OTP). Read straight from the
// request URL without building a URL object, as this runs on every request.
const STATIC_ROUTES = [
  "/v3/account",
  "/v3/openapi.json",
  "/v3/request",
  "/v3/send",
  "/v3/topups",
  "/v3/verify",
  "/v3/test/messages",
  "/v3/test/inbound-whatsapp",
  "/v3/test/receipts",
  "/v3/lists/safe",
  "/v3/lists/block",
  "/v3",
];
/** DELETE /v3/lists/{list}/{value}: the value (a phone number) never becomes a label. */
const LIST_VALUE_PREFIXES = ["/v3/lists/safe/", "/v3/lists/block/"];
export const LIST_VALUE_ROUTE = "/v3/lists/{list}/{value}";
const OTP_PREFIX = "/v3/otp/";
export const OTP_ROUTE = "/v3/otp/{otp_id}";
/** Paths with no route (answered 404 by the catch-all) share one label. */
export const OTHER_ROUTE = "other";

const QUESTION = 63; // ?
const HASH = 35; // #
const SLASH = 47; // /

function endsAt(url: string, i: number): boolean {
  if (i === url.length) return true;
  const c = url.charCodeAt(i);
  return c === QUESTION || c === HASH;
}

export function v3RouteLabel(url: string): string {
  const scheme = url.indexOf("//");
  const start = scheme < 0 ? 0 : url.indexOf("/", scheme + 2);
  if (start < 0) return OTHER_ROUTE;
  for (const route of STATIC_ROUTES) {
    if (url.startsWith(route, start) && endsAt(url, start + route.length)) return route;
  }
  if (LIST_VALUE_PREFIXES.some((p) => url.startsWith(p, start) && !endsAt(url, start + p.length))) return LIST_VALUE_ROUTE;
  if (!url.startsWith(OTP_PREFIX, start)) return OTHER_ROUTE;
  let i = start + OTP_PREFIX.length;
  if (endsAt(url, i)) return OTHER_ROUTE;
  for (; !endsAt(url, i); i++) if (url.charCodeAt(i) === SLASH) return OTHER_ROUTE;
  return OTP_ROUTE;
}
