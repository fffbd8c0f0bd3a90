// Cross-site request forgery guard for the dashboard's tRPC mutations. A page on
// another site can make the browser POST with the session cookie, without a CORS
// preflight, only with a "simple" content type (form-urlencoded, multipart,
// text/plain); the dashboard's client always sends application/json, so anything
// else is refused. Browsers also say where a request comes from (Sec-Fetch-Site,
// Origin); a mutation must come from this site itself. Requests carrying neither
// header are not from a browser page (scripts, tests) and are not CSRF.

export type MutationRefusal = { status: 403 | 415; message: string };

/** null when the POST may go on; queries (GET) are read-only and always pass. */
export function refuseCrossSiteMutation(request: Request, appUrl: string): MutationRefusal | null {
  if (request.method !== "POST") return null;
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (mediaType !== "application/json") return { status: 415, message: "Permintaan harus berupa JSON (Content-Type: application/json)." };
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null && fetchSite !== "same-origin") return FOREIGN;
  const origin = request.headers.get("origin");
  if (origin !== null && !isOwnOrigin(origin, request, appUrl)) return FOREIGN;
  return null;
}

const FOREIGN: MutationRefusal = { status: 403, message: "Permintaan dari situs lain ditolak." };

/** The configured APP_URL, or the host the browser itself addressed (an operator reaching the dashboard by another name). */
function isOwnOrigin(origin: string, request: Request, appUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, some redirects) and garbage
  }
  if (url.origin === new URL(appUrl).origin) return true;
  const host = request.headers.get("host");
  return host !== null && url.host === host.toLowerCase();
}
