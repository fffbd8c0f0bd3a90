// A fallback sends the same code again later, so for an OTP with a fallback chain the
// code cannot live only as its hash: it is kept sealed (AES-256-GCM, key derived from
// the OTP pepper, the otp_id bound in as associated data) and erased as soon as no
// fallback can follow (delivery confirmed, verified, locked, expired, chain used up).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getEnv } from "@/env";

let cached: { pepper: string; key: Buffer } | null = null;

function key(): Buffer {
  const pepper = getEnv().OTP_PEPPER;
  if (cached?.pepper !== pepper) cached = { pepper, key: Buffer.from(hkdfSync("sha256", pepper, "sandi", "fallback-code", 32)) };
  return cached.key;
}

export function sealCode(otpId: string, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv).setAAD(Buffer.from(otpId));
  const sealed = Buffer.concat([cipher.update(code, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString("base64url")).join(".");
}

/** Null when the value was not sealed for this otp_id with this pepper. */
export function openCode(otpId: string, value: string): string | null {
  const [iv, tag, sealed] = value.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), iv).setAAD(Buffer.from(otpId));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
