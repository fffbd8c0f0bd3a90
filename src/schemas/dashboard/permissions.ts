// Which role may do what (docs/teams.md). The dashboard's procedures each name a
// permission; this table is the only place that says which roles hold it.
import type { Permission, Role, StoredRole } from "@/schemas/dashboard/members";

const ALL: readonly Role[] = ["owner", "developer", "finance", "viewer"];

export const ROLES_BY_PERMISSION: Record<Permission, readonly Role[]> = {
  /** One's own password, two-step, merchant switch: every member. */
  self: ALL,
  /** Overview, transactions, insights, profile, fraud blocks: every member. */
  read: ALL,
  /** The key list (prefixes only). Finance has no business with keys. */
  "keys.read": ["owner", "developer", "viewer"],
  "keys.manage": ["owner", "developer"],
  /** Webhook URL, events and delivery log (not the secret). */
  "webhooks.read": ["owner", "developer", "viewer"],
  /** Change the URL or events, reveal or rotate the secret, send tests and resends. */
  "webhooks.manage": ["owner", "developer"],
  "brand.manage": ["owner", "developer"],
  /** The sandbox inbox (codes of test sends) and the test OTP form. */
  "sandbox.use": ["owner", "developer"],
  "apiLog.read": ["owner", "developer", "viewer"],
  /** Saldo, ledger, top-up history, receipts, exports. */
  "balance.read": ["owner", "finance", "viewer"],
  "topups.create": ["owner", "finance"],
  /** Geo permissions, fraud guard level, unblocking a prefix, the safe and block lists. */
  "security.manage": ["owner"],
  "members.read": ALL,
  /** Invite, remove, change roles, hand over ownership. */
  "members.manage": ["owner"],
  "audit.read": ["owner"],
};

/** A role a later release added (read from the membership while it rolls out) holds no permission here. */
export function roleMay(role: StoredRole, permission: Permission): boolean {
  return (ROLES_BY_PERMISSION[permission] as readonly string[]).includes(role);
}

export function permissionsOf(role: StoredRole): Permission[] {
  return (Object.keys(ROLES_BY_PERMISSION) as Permission[]).filter((p) => roleMay(role, p));
}

export const FORBIDDEN_MESSAGE = "Peran Anda di akun ini tidak mengizinkan tindakan ini.";
