// API keys: a prefixed random secret shown once; only its SHA-256 and a display
// prefix are stored.
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { sha256Hex } from "@/server/lib/hashing";
import { randomBase62 } from "@/server/lib/random";
import { formatWib } from "@/server/lib/wib-time";
import type { Tx } from "@/server/services/credits/ledger";

export const API_KEY_PREFIX = "sk_live_";
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;

export type CreatedKey = { key_id: string; api_key: string; prefix: string };

export function hashApiKey(apiKey: string): string {
  return sha256Hex(apiKey);
}

export async function createApiKeyInTx(tx: Tx, merchantId: number, name = ""): Promise<CreatedKey> {
  const apiKey = `${API_KEY_PREFIX}${randomBase62(40)}`;
  const keyId = `key_${randomBase62(16)}`;
  const prefix = apiKey.slice(0, DISPLAY_PREFIX_LENGTH);
  await tx.apiKey.create({ data: { keyId, merchantId, keyHash: hashApiKey(apiKey), prefix, name } });
  return { key_id: keyId, api_key: apiKey, prefix };
}

export async function createApiKey(merchantPublicId: string, name = ""): Promise<CreatedKey> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const merchant = await tx.merchant.findUnique({ where: { merchantId: merchantPublicId }, select: { id: true } });
    if (!merchant) throw new AppError("NOT_FOUND", `Merchant ${merchantPublicId} not found`);
    return createApiKeyInTx(tx, merchant.id, name);
  });
}

/** Revokes a key; when merchantId is given the key must belong to that merchant. */
export async function revokeApiKey(keyId: string, merchantId?: number): Promise<{ key_id: string; revoked: true }> {
  const db = await getDb();
  const key = await db.apiKey.findUnique({ where: { keyId } });
  if (!key || (merchantId !== undefined && key.merchantId !== merchantId)) throw new AppError("NOT_FOUND", `API key ${keyId} tidak ditemukan.`);
  if (!key.revokedAt) await db.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
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
