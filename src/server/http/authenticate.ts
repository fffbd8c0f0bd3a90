import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { hashApiKey } from "@/server/services/api-keys/api-keys";
import { PROFILE_SELECT, profileOf, type MerchantProfile } from "@/server/services/merchants/profile";
import { compileIpAllowlist, type AllowedIps } from "./ip-allowlist-check";
import { log, messageOf } from "@/server/log";

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

type Outcome = AuthenticatedMerchant | "revoked" | "unknown";
type Cached = { at: number; outcome: Outcome };

// Lookups (including "unknown" and "revoked") are cached for at most one second:
// operator changes (revocation, limits, allowlist) take effect within a second, as
// the documented contract requires, while a busy key costs one query per second per instance.
const CACHE_MS = 1000;
const CACHE_MAX_ENTRIES = 10_000;
const LAST_USED_EVERY_MS = 60_000;
const cache = new Map<string, Cached>();
const inFlight = new Map<string, Promise<Cached>>();

// Keys look like sk_live_<40 base62>; the pattern is loose on purpose (older or
// future formats) but refuses whitespace, quotes and absurd lengths before any query.
const BEARER = /^Bearer +([A-Za-z0-9_-]{8,200})$/i;

/** Resolves `Authorization: Bearer <key>` to its merchant; every failure is 401 UNAUTHORIZED with a cause-specific message. */
export async function authenticateBearer(header: string | null, now = Date.now()): Promise<AuthenticatedMerchant> {
  if (header === null) throw new AppError("UNAUTHORIZED", "Header Authorization tidak ada. Kirim 'Authorization: Bearer <API_KEY>'.");
  if (header.trim() === "") throw new AppError("UNAUTHORIZED", "Header Authorization kosong. Kirim 'Authorization: Bearer <API_KEY>'.");
  const m = BEARER.exec(header.trim());
  if (!m) throw new AppError("UNAUTHORIZED", "Format header Authorization salah; gunakan 'Bearer <API_KEY>'.");

  const { outcome } = await cachedLookup(hashApiKey(m[1]), now);
  if (outcome === "unknown") throw new AppError("UNAUTHORIZED", "API key tidak dikenal.");
  if (outcome === "revoked") throw new AppError("UNAUTHORIZED", "API key sudah dicabut. Buat API key baru di dashboard.");
  return outcome;
}

async function cachedLookup(keyHash: string, now: number): Promise<Cached> {
  const hit = cache.get(keyHash);
  if (hit && now - hit.at < CACHE_MS) return hit;
  // Concurrent requests for the same key share one query instead of stampeding.
  let pending = inFlight.get(keyHash);
  if (!pending) {
    pending = lookup(keyHash, now).finally(() => inFlight.delete(keyHash));
    inFlight.set(keyHash, pending);
  }
  const fresh = await pending;
  if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
  cache.set(keyHash, fresh);
  return fresh;
}

async function lookup(keyHash: string, now: number): Promise<Cached> {
  const db = await getDb();
  const settings = { merchantId: true, rateLimit: true, ipAllowlist: true, ...PROFILE_SELECT } as const;
  const key = await db.apiKey.findUnique({
    where: { keyHash },
    select: {
      id: true,
      keyId: true,
      prefix: true,
      revokedAt: true,
      lastUsedAt: true,
      merchant: { select: { id: true, ...settings, live: { select: settings } } },
    },
  });
  if (!key) return { at: now, outcome: "unknown" };
  if (key.revokedAt) return { at: now, outcome: "revoked" };
  if (!key.lastUsedAt || now - key.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) await touchLastUsed(key.id, now);
  // A test key acts on its test world (id) with the live account's identity and settings.
  const world = key.merchant;
  const account = world.live ?? world;
  return {
    at: now,
    outcome: {
      ...profileOf(world),
      merchantId: account.merchantId,
      keyId: key.keyId,
      keyPrefix: key.prefix,
      rateLimit: account.rateLimit,
      ipAllowlist: account.ipAllowlist,
      allowedIps: compileIpAllowlist(account.ipAllowlist),
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
