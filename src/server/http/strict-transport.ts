/**
 * HSTS for a service whose public address (APP_URL) is https: browsers then never
 * try plain http again, so a network attacker cannot strip TLS on a later visit.
 * Not for http deployments (local, or TLS ended elsewhere under another name), and
 * without includeSubDomains, which would bind the operator's other hosts too.
 */
export function strictTransportSecurity(appUrl: string): string | null {
  return appUrl.startsWith("https://") ? "max-age=31536000" : null;
}
