// API keys: a prefixed random secret shown once; only its SHA-256 and a display
// prefix are stored. The prefix names the mode: sk_live_ for the live world,
// sk_test_ for the test world (a key belongs to the row of its world).
import { getDb, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { sha256Hex } from "@/server/lib/hashing";
import { randomBase62 } from "@/server/lib/random";
import { formatWib } from "@/lib/wib-time";
import type { Mode } from "@/schemas/mode";
import { operatorOn, recordAudit, type ChangeBy } from "@/server/services/audit/record-audit";

export const API_KEY_PREFIXES: Record<Mode, string> = { live: "sk_live_", test: "sk_test_" };
/** Both prefixes have the same length: the display prefix is it plus four characters of the secret. */
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIXES.live.length + 4;

export type CreatedKey = { key_id: string; api_key: string; prefix: string; mode: Mode };

export function hashApiKey(apiKey: string): string {
  return sha256Hex(apiKey);
}

/** A key for the world with this internal id (the live row or its test world, as `mode` says). */
export async function createApiKeyInTx(tx: Tx, merchantId: number, name: string, mode: Mode): Promise<CreatedKey> {
  const apiKey = `${API_KEY_PREFIXES[mode]}${randomBase62(40)}`;
  const keyId = `key_${randomBase62(16)}`;
  const prefix = apiKey.slice(0, DISPLAY_PREFIX_LENGTH);
  await tx.apiKey.create({ data: { keyId, merchantId, keyHash: hashApiKey(apiKey), prefix, name } });
  return { key_id: keyId, api_key: apiKey, prefix, mode };
}

/** A key for one world: the live account or its test world (internal ids; the key's prefix follows the world). */
export async function createApiKey(world: { id: number; livemode: boolean }, name = "", by: ChangeBy = operatorOn(world.id)): Promise<CreatedKey> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const created = await createApiKeyInTx(tx, world.id, name, world.livemode ? "live" : "test");
    await recordAudit(tx, { ...by, action: "key.create", target: created.key_id, after: { name, prefix: created.prefix, mode: created.mode } });
    return created;
  });
}

const keyNotFound = (keyId: string) => new AppError("NOT_FOUND", `API key ${keyId} tidak ditemukan.`);

/** The world a key belongs to, for an operator who names only the key (otpctl key revoke). */
export async function apiKeyOwner(keyId: string): Promise<number> {
  const db = await getDb();
  const key = await db.apiKey.findUnique({ where: { keyId }, select: { merchantId: true } });
  if (!key) throw keyNotFound(keyId);
  return key.merchantId;
}

/** Revokes a key of this merchant (internal id); another merchant's key is as unknown as a missing one. */
export async function revokeApiKey(merchantId: number, keyId: string, by: ChangeBy = operatorOn(merchantId)): Promise<{ key_id: string; revoked: true }> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const key = await tx.apiKey.findUnique({ where: { keyId } });
    if (!key || key.merchantId !== merchantId) throw keyNotFound(keyId);
    // Revoking a revoked key changes nothing, so it leaves no audit row either.
    const revoked = await tx.apiKey.updateMany({ where: { id: key.id, revokedAt: null }, data: { revokedAt: new Date() } });
    if (revoked.count === 1) await recordAudit(tx, { ...by, action: "key.revoke", target: keyId, before: { revoked: false, prefix: key.prefix }, after: { revoked: true } });
  });
  return { key_id: keyId, revoked: true };
}

export async function listApiKeys(merchantId: number) {
  const db = await getDb();
  const keys = await db.apiKey.findMany({ where: { merchantId }, orderBy: { createdAt: "desc" } });
  return keys.map((k) => ({
    key_id: k.keyId,
    prefix: k.prefix,
    name: k.name,
    created_at: formatWib(k.createdAt),
    last_used_at: k.lastUsedAt ? formatWib(k.lastUsedAt) : null,
    revoked_at: k.revokedAt ? formatWib(k.revokedAt) : null,
  }));
}
