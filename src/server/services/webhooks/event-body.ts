// The JSON body sent for an event. Payloads are stored as jsonb, which does not
// keep key order; merchants reading raw bodies expect the documented order.
const TOP_LEVEL = ["id", "type", "created_at", "livemode", "data"];
const LIFECYCLE = ["otp_id", "channel", "number", "status", "external_id", "attempts", "expires_at"];
const DATA_ORDER: Record<string, string[]> = {
  "otp.verified": ["otp_id", "channel", "number", "status", "verified_at", "external_id"],
  "otp.sent": [...LIFECYCLE, "delivery"],
  "otp.delivered": [...LIFECYCLE, "delivery"],
  "otp.failed": [...LIFECYCLE, "reason"],
  "otp.fallback": [...LIFECYCLE, "from", "to", "reason"],
  "otp.locked": LIFECYCLE,
  "otp.expired": LIFECYCLE,
};

function ordered(value: unknown, keys: string[]): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const key of keys) if (key in source) result[key] = source[key];
  for (const [key, v] of Object.entries(source)) if (!(key in result)) result[key] = v;
  return result;
}

export function eventBody(payload: unknown): string {
  const top = ordered(payload, TOP_LEVEL) as Record<string, unknown>;
  const type = typeof top.type === "string" ? top.type : "";
  return JSON.stringify({ ...top, data: ordered(top.data, DATA_ORDER[type] ?? []) });
}
