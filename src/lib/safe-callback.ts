/**
 * Only same-origin paths, so a crafted link cannot send a merchant elsewhere after
 * sign-in. Resolved the way the browser will resolve it ("/\\evil.example" is
 * another host), then reduced to path, query and fragment.
 */
export function safeCallback(value: string | null, origin: string): string {
  if (!value) return "/overview";
  try {
    const target = new URL(value, origin);
    return target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : "/overview";
  } catch {
    return "/overview";
  }
}
