import { randomInt } from "node:crypto";
import type { Locale } from "@/schemas/v3/locale";

// Crockford-style alphabet without look-alikes, so users copying by hand do not break it.
const ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789";
export const TOKEN_PATTERN = /\b([ABCDEFGHJKMNPQRSTVWXYZ2-9]{10})\b/g;

/** 10 characters from 30 (about 49 bits), uniform: randomInt avoids the modulo bias of raw bytes. */
export function newInboundToken(): string {
  return Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}

/** What the user sends on WhatsApp, in the OTP's language; matching goes by the whole text. */
export function inboundMessage(brand: string, token: string, locale: Locale = "id"): string {
  return locale === "en" ? `Verify ${brand}: ${token}` : `Verifikasi ${brand}: ${token}`;
}

/** Whitespace-normalized text, so a trailing newline from a keyboard does not count as a modification. */
export function normalizeMessage(text: string): string {
  return text.trim().replace(/\s+/g, " ");
}
