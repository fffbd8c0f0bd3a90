// A fallback sends the same code again later, so for an OTP with a fallback chain the
// code cannot live only as its hash: it is kept sealed (AES-256-GCM, key derived from
// the OTP pepper, the otp_id bound in as associated data) and erased as soon as no
// fallback can follow (delivery confirmed, verified, locked, expired, chain used up).
import { getEnv } from "@/env";
import { derivedKey, open, seal } from "@/server/lib/sealed-box";

let cached: { pepper: string; key: Buffer } | null = null;

function key(): Buffer {
  const pepper = getEnv().OTP_PEPPER;
  if (cached?.pepper !== pepper) cached = { pepper, key: derivedKey(pepper, "fallback-code") };
  return cached.key;
}

export function sealCode(otpId: string, code: string): string {
  return seal(key(), otpId, code);
}

/** Null when the value was not sealed for this otp_id with this pepper. */
export function openCode(otpId: string, value: string): string | null {
  return open(key(), otpId, value);
}
