/** The merchant switch (docs/teams.md): which of the person's accounts the dashboard shows. Not a credential: every request checks the membership. */
export const MERCHANT_COOKIE = "sandi-merchant";

export function merchantFromCookieHeader(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === MERCHANT_COOKIE && value) return decodeURIComponent(value);
  }
  return null;
}
