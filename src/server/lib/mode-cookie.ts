// The dashboard's mode switch is a cookie: which of the signed-in merchant's two
// worlds the pages show. Not a credential (both worlds belong to the same account,
// and every procedure still checks the session), just where the merchant left it.
import { MODE_COOKIE, type Mode } from "@/schemas/mode";

export function modeFromCookieHeader(header: string | null): Mode {
  if (!header) return "live";
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === MODE_COOKIE) return value === "test" ? "test" : "live";
  }
  return "live";
}
