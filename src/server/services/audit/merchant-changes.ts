// The audit rows for an account settings change (dashboard or `otpctl merchant update`):
// one row per kind of setting that actually changed, with only the changed fields.
import type { Tx } from "@/server/db/client";
import { changedFields, recordAudit, type ChangeBy } from "./record-audit";

/** Which settings make one audit action; the names are the log's, in snake_case like the API. */
const SETTING_GROUPS: { action: string; fields: Record<string, string> }[] = [
  { action: "brand.update", fields: { brandName: "brand_name", brandEmail: "brand_email" } },
  { action: "name.update", fields: { name: "name" } },
  { action: "rate_limit.update", fields: { rateLimit: "rate_limit" } },
  { action: "allowlist.update", fields: { ipAllowlist: "ip_allowlist" } },
  { action: "prices.update", fields: { prices: "prices" } },
  { action: "sms_app_hash.update", fields: { smsAppHash: "sms_app_hash" } },
  { action: "geo.update", fields: { geoPermissions: "geo_permissions" } },
  { action: "fraud_guard.update", fields: { fraudGuard: "fraud_guard" } },
];

function pick(row: Record<string, unknown>, fields: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([from, to]) => [to, row[from]]));
}

export async function auditSettingsChange(tx: Tx, by: ChangeBy, before: Record<string, unknown>, after: Record<string, unknown>): Promise<void> {
  for (const group of SETTING_GROUPS) {
    const diff = changedFields(pick(before, group.fields), pick(after, group.fields));
    if (diff) await recordAudit(tx, { merchantId: by.merchantId, actor: by.actor, action: group.action, target: "account", ...diff });
  }
}
