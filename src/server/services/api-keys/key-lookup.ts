// Which merchant an API key belongs to, with everything a /v3 request needs of its
// account (the profile a creation uses, the rate limit, the IP allowlist), as the /v3
// wrapper asks on every request: one statement per key per second per instance
// (outcomes, "unknown" and "revoked" included, are cached that long, so an operator's
// change takes effect within a second), and last_used_at written about once a minute.
import { getDb } from "@/server/db/client";
import { namedQuery, runAutocommit } from "@/server/db/sql";
import { compileIpAllowlist, type AllowedIps } from "@/server/lib/ip-allowlist";
import { log, messageOf } from "@/server/log";
import { PROFILE_COLUMNS, profileFromColumns, type MerchantProfile, type ProfileColumns } from "@/server/services/merchants/profile";
import { hashApiKey } from "./api-keys";

export type AuthenticatedMerchant = MerchantProfile & {
  /** The live account's public id, in both modes. */
  merchantId: string;
  keyId: string;
  /** The key's display prefix (sk_live_abcd), for the merchant's API log. */
  keyPrefix: string;
  /** Requests per second for each of the merchant's keys; null = the service default. */
  rateLimit: number | null;
  /** As stored (comma-separated); allowedIps is the compiled form the wrapper checks. */
  ipAllowlist: string;
  allowedIps: AllowedIps;
};

export type KeyLookupOutcome = AuthenticatedMerchant | "revoked" | "unknown";
type Cached = { at: number; outcome: KeyLookupOutcome };

const CACHE_MS = 1000;
const CACHE_MAX_ENTRIES = 10_000;
const LAST_USED_EVERY_MS = 60_000;
const cache = new Map<string, Cached>();
const inFlight = new Map<string, Promise<Cached>>();

/** The merchant behind a presented API key (the secret itself; only its hash is looked up). */
export async function lookUpApiKey(apiKey: string, now = Date.now()): Promise<KeyLookupOutcome> {
  const keyHash = hashApiKey(apiKey);
  const hit = cache.get(keyHash);
  if (hit && now - hit.at < CACHE_MS) return hit.outcome;
  // Concurrent requests for the same key share one query instead of stampeding.
  let pending = inFlight.get(keyHash);
  if (!pending) {
    pending = queryKey(keyHash, now).finally(() => inFlight.delete(keyHash));
    inFlight.set(keyHash, pending);
  }
  const fresh = await pending;
  if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
  cache.set(keyHash, fresh);
  return fresh.outcome;
}

// The key, its world and the account's settings in one statement (one round trip; the
// world's row and its live account's are the same row for a live key).
const readKey = namedQuery(
  "api-key-lookup",
  `SELECT k.id, k.key_id, k.prefix, k.revoked_at IS NOT NULL AS revoked, k.last_used_at, a.merchant_id, a.rate_limit, a.ip_allowlist, ${PROFILE_COLUMNS}
   FROM api_keys k JOIN merchants w ON w.id = k.merchant_id JOIN merchants a ON a.id = COALESCE(w.live_merchant_id, w.id)
   WHERE k.key_hash = $1`,
);

type KeyRow = ProfileColumns & { id: number; key_id: string; prefix: string; revoked: boolean; last_used_at: Date | null; merchant_id: string; rate_limit: number | null; ip_allowlist: string };

async function queryKey(keyHash: string, now: number): Promise<Cached> {
  const [key] = await runAutocommit<KeyRow>(readKey, [keyHash]);
  if (!key) return { at: now, outcome: "unknown" };
  if (key.revoked) return { at: now, outcome: "revoked" };
  if (!key.last_used_at || now - key.last_used_at.getTime() >= LAST_USED_EVERY_MS) await touchLastUsed(key.id, now);
  // A test key acts on its test world (world_id) with the live account's identity and settings.
  return {
    at: now,
    outcome: {
      ...profileFromColumns(key),
      merchantId: key.merchant_id,
      keyId: key.key_id,
      keyPrefix: key.prefix,
      rateLimit: key.rate_limit,
      ipAllowlist: key.ip_allowlist,
      allowedIps: compileIpAllowlist(key.ip_allowlist),
    },
  };
}

/**
 * last_used_at is informational: written about once a minute per key, not per
 * request. The condition makes concurrent instances write it once between them; a
 * failure is logged and never fails the merchant's request.
 */
async function touchLastUsed(id: number, now: number): Promise<void> {
  try {
    const db = await getDb();
    const staleBefore = new Date(now - LAST_USED_EVERY_MS);
    await db.apiKey.updateMany({ where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: staleBefore } }] }, data: { lastUsedAt: new Date(now) } });
  } catch (err) {
    log.warn({ error: messageOf(err) }, "could not record api key last_used_at");
  }
}
