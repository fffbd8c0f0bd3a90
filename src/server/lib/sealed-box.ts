// AES-256-GCM sealing of short texts kept at rest (a fallback's code, a vendor route's
// secrets): "<iv>.<tag>.<ciphertext>" in base64url, with associated data that binds the
// sealed value to what it belongs to. The caller derives the key (from OTP_PEPPER).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** A 32-byte key for one purpose, derived from a shared secret. */
export function derivedKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "sandi", purpose, 32));
}

export function seal(key: Buffer, associatedData: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(Buffer.from(associatedData));
  const sealed = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString("base64url")).join(".");
}

/** Null when the value was not sealed with this key and associated data. */
export function open(key: Buffer, associatedData: string, value: string): string | null {
  const [iv, tag, sealed] = value.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv).setAAD(Buffer.from(associatedData));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
