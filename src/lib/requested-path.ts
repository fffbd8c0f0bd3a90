import { safeCallback } from "@/lib/safe-callback";

/** Set by src/proxy.ts on dashboard requests: the path and query the visitor asked for. */
export const REQUESTED_PATH_HEADER = "x-sandi-requested-path";

// Any fixed origin will do: only paths on it survive safeCallback.
const SAME_ORIGIN = "http://sandi.invalid";

/** Sign-in for a signed-out visitor of `requested`, coming back to that page afterwards (same-origin paths only). */
export function signInUrlFor(requested: string | null): string {
  if (!requested) return "/sign-in";
  return `/sign-in?callbackUrl=${encodeURIComponent(safeCallback(requested, SAME_ORIGIN))}`;
}
