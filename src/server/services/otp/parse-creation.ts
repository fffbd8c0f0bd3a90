// Turns a /v3/request or /v3/send body into a validated creation: the zod schema
// checks the fields; here the rules that depend on the channel — destination
// precedence (destination > number > email) and format, the code length.
import type { Channel } from "@/generated/prisma/enums";
import type { Locale } from "@/schemas/v3/locale";
import type { CreationSignals } from "@/schemas/v3/signals";
import { requestOtpBody, sendOtpBody, type FallbackChannel } from "@/schemas/v3/otp";
import { AppError } from "@/server/errors";
import { parseV3Body } from "@/server/validation";
import { assertEmail, assertPhone } from "./destination";
import { MISSCALL_CODE_LENGTH, VOICE_CODE_LENGTH } from "./otp-rules";

export type CreationMode = "request" | "send";

export type ParsedCreation = {
  mode: CreationMode;
  channel: Channel;
  /** Null only for unbound whatsapp_inbound. */
  destination: string | null;
  brand: string | null;
  otpLength: number;
  ttlSeconds: number;
  externalId: string | null;
  /** The merchant's code for /v3/send. */
  suppliedCode: string | null;
  /** The end user's context, for the fraud guard only. */
  signals: CreationSignals | null;
  /** Further channels, in order (empty: none), and the seconds each send has to be confirmed. */
  fallback: FallbackChannel[];
  fallbackAfterSeconds: number;
  /** The message language asked for; null: the merchant's default. */
  locale: Locale | null;
  /** The merchant template asked for by name, or null. */
  template: string | null;
};

type CommonFields = {
  channel: Channel;
  destination: string | null;
  number: string | null;
  email: string | null;
  brand: string | null;
  ttl: number;
  external_id: string | null;
  signals: CreationSignals | null;
  fallback: FallbackChannel[];
  fallback_after: number;
  locale: Locale | null;
  template: string | null;
};

/** Channels that can hand over to another: misscall, email and whatsapp_inbound are answered differently, so they take no fallback. */
const CAN_FALL_BACK: readonly Channel[] = ["whatsapp", "sms", "voice"];

function checkFallback(body: CommonFields): void {
  if (body.fallback.length === 0) return;
  if (!CAN_FALL_BACK.includes(body.channel)) {
    throw new AppError("VALIDATION_ERROR", `fallback tidak tersedia untuk channel ${body.channel}; hanya whatsapp, sms dan voice yang dapat dialihkan.`);
  }
  if ((body.fallback as Channel[]).includes(body.channel)) {
    throw new AppError("VALIDATION_ERROR", "fallback tidak boleh berisi channel utama.");
  }
}

function resolveDestination(body: CommonFields): string | null {
  const chosen = body.destination ?? body.number ?? (body.channel === "email" ? body.email : null);
  if (chosen === null) {
    if (body.channel === "whatsapp_inbound") return null;
    throw new AppError("INVALID_NUMBER", "Tujuan wajib diisi (destination).");
  }
  return body.channel === "email" ? assertEmail(chosen) : assertPhone(chosen);
}

function creation(mode: CreationMode, body: CommonFields, otpLength: number, suppliedCode: string | null): ParsedCreation {
  checkFallback(body);
  // A chain with a call in it speaks the code, so the whole chain uses the call's 4 digits.
  const spoken = body.channel === "voice" || body.fallback.includes("voice");
  const fixedLength = spoken ? VOICE_CODE_LENGTH : body.channel === "misscall" ? MISSCALL_CODE_LENGTH : otpLength;
  return {
    mode,
    channel: body.channel,
    destination: resolveDestination(body),
    brand: body.brand,
    otpLength: fixedLength,
    ttlSeconds: body.ttl,
    externalId: body.external_id,
    suppliedCode,
    signals: body.signals,
    fallback: body.fallback,
    fallbackAfterSeconds: body.fallback_after,
    locale: body.locale,
    template: body.template,
  };
}

export function parseCreation(raw: unknown, mode: CreationMode): ParsedCreation {
  if (mode === "send") {
    const body = parseV3Body(sendOtpBody, raw, { channel: "INVALID_CHANNEL" });
    return creation(mode, body, body.otp.length, body.otp);
  }
  const body = parseV3Body(requestOtpBody, raw, { channel: "INVALID_CHANNEL" });
  return creation(mode, body, body.otp_length, null);
}
