// The dashboard's pages, each with the permission a member's role needs to see it
// (docs/teams.md). The menu hides the others; the layout answers them with a notice.
import type { Permission } from "@/schemas/dashboard/members";

export const NAV_ITEMS: readonly { href: string; label: string; permission: Permission }[] = [
  { href: "/overview", label: "Ringkasan", permission: "read" },
  { href: "/transactions", label: "Transaksi", permission: "read" },
  { href: "/insights", label: "Insights", permission: "read" },
  { href: "/api-log", label: "Log API", permission: "apiLog.read" },
  { href: "/sandbox", label: "Kotak masuk sandbox", permission: "sandbox.use" },
  { href: "/balance", label: "Saldo", permission: "balance.read" },
  { href: "/api-keys", label: "API key", permission: "keys.read" },
  { href: "/brand", label: "Brand", permission: "brand.manage" },
  { href: "/webhooks", label: "Webhook", permission: "webhooks.read" },
  { href: "/security", label: "Keamanan", permission: "self" },
  { href: "/team", label: "Tim", permission: "members.read" },
  { href: "/audit", label: "Log audit", permission: "audit.read" },
];

/** The permission the page at this path needs, or null for pages every member sees. */
export function pagePermission(path: string | null): Permission | null {
  if (!path) return null;
  const pathname = path.split("?")[0];
  return NAV_ITEMS.find((item) => pathname === item.href || pathname.startsWith(`${item.href}/`))?.permission ?? null;
}
