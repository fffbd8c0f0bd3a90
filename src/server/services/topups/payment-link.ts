// The hosted page link is signed: HMAC-SHA256(PAYMENT_LINK_SECRET, topup_id + ":" + merchant_id).
// The separator keeps the two parts from sliding into each other.
// Not stored; recomputed and compared in constant time on every visit.
import { getEnv } from "@/env";
import { hmacSha256Hex, safeEqual } from "@/server/lib/hashing";

export function paymentHash(topupId: string, merchantPublicId: string): string {
  return hmacSha256Hex(getEnv().PAYMENT_LINK_SECRET, `${topupId}:${merchantPublicId}`);
}

export function paymentUrl(topupId: string, hash: string): string {
  return `${getEnv().APP_URL}/topup/${encodeURIComponent(topupId)}?hash=${hash}`;
}

export function paymentHashMatches(given: string | null | undefined, topupId: string, merchantPublicId: string): boolean {
  if (!given) return false;
  return safeEqual(given, paymentHash(topupId, merchantPublicId));
}
