import { getEnv } from "@/env";
import { hmacSha256Hex, safeEqual } from "@/server/lib/hashing";

// Keyed with the server pepper and bound to the transaction, so a leaked table
// cannot be brute-forced offline and one hash cannot be replayed on another OTP.
export function hashCode(otpId: string, code: string): string {
  return hmacSha256Hex(getEnv().OTP_PEPPER, `${otpId}:${code}`);
}

export function codeMatches(otpId: string, code: string, storedHash: string): boolean {
  return safeEqual(hashCode(otpId, code), storedHash);
}
