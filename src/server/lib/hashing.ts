import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function hmacSha256Hex(secret: string, text: string): string {
  return createHmac("sha256", secret).update(text).digest("hex");
}

/** Constant-time equality of two strings (lengths may differ without leaking contents). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

/** A 64-bit key for pg_advisory_xact_lock, the same in every instance for the same text. */
export function advisoryLockKey(text: string): bigint {
  return createHash("sha256").update(text).digest().readBigInt64BE(0);
}
