import { createHmac } from "node:crypto";
import { safeEqual } from "./hashing";

/** "sha256=" + hex HMAC-SHA256 of the raw body: Meta's X-Hub-Signature-256 (with the app secret), the HTTP SMS aggregator's x-signature (with the route's webhook secret). */
export function validSha256Signature(secret: string, rawBody: string, header: string | null): boolean {
  if (!header) return false;
  const expected = `sha256=${createHmac("sha256", secret).update(rawBody, "utf8").digest("hex")}`;
  return safeEqual(expected, header.trim());
}

export const validMetaSignature = validSha256Signature;

/** Twilio's X-Twilio-Signature: base64 HMAC-SHA1 of the full URL followed by each POST parameter's name and value, sorted by name. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

export function validTwilioSignature(authToken: string, url: string, params: Record<string, string>, header: string | null): boolean {
  return !!header && safeEqual(twilioSignature(authToken, url, params), header.trim());
}
