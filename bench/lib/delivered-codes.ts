// The OTPs the sandbox delivered, with their codes, for the bench's verifications and reads.
import { createHash } from "node:crypto";
import { adminQuery } from "./database";
import type { LoadPlan } from "./plan";

export type VerifyItem = LoadPlan["verifyItems"][number];

/** The API keys' merchants, found by each key's hash: merchant rows are not the keys' order (every account has a test world row beside it). */
export async function merchantsOfKeys(url: string, keys: string[]): Promise<(number | undefined)[]> {
  const owners = await adminQuery<{ merchant_id: number; key_hash: string }>("SELECT merchant_id, key_hash FROM api_keys", [], url);
  const ownerOf = new Map(owners.map((o) => [o.key_hash, o.merchant_id]));
  return keys.map((key) => ownerOf.get(createHash("sha256").update(key).digest("hex")));
}

/**
 * Each delivered OTP of the keys' merchants, verified and read with its own merchant's key (an index into keys);
 * with `maxAgeSeconds`, only those sent that recently (a slow run must not meet OTPs that expired meanwhile).
 */
export async function deliveredCodes(url: string, keys: string[], maxAgeSeconds: number | null = null): Promise<VerifyItem[]> {
  const rows = await adminQuery<{ otp_id: string; code: string; merchant_id: number }>(
    "SELECT otp_id, code, merchant_id FROM sandbox_messages WHERE delivered AND ($1::float8 IS NULL OR sent_at > now() - make_interval(secs => $1::float8)) ORDER BY id",
    [maxAgeSeconds],
    url,
  );
  const keyIndex = new Map((await merchantsOfKeys(url, keys)).map((merchant, i) => [merchant, i]));
  return rows.filter((r) => keyIndex.has(r.merchant_id)).map((r) => ({ otpId: r.otp_id, code: r.code, key: keyIndex.get(r.merchant_id)! }));
}
