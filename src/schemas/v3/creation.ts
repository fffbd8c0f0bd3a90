// What POST /v3/request and /v3/send become once parsed: the OTP service's input,
// camelCase and typed. The body schemas (otp.ts) check each field; here are the
// rules that depend on the channel: which destination field counts (destination >
// number > email) and its format, fallback chains, and the code length.
import { z } from "zod";
import { checkDestination } from "./destination";
import { FALLBACK_AFTER_SECONDS, MISSCALL_CODE_LENGTH, OTP_LENGTH, TTL_SECONDS, VOICE_CODE_LENGTH } from "./otp-limits";
import type { CHANNEL_VALUES, FallbackChannel } from "./otp";
import type { CreationSignals } from "./signals";

export type CreationMode = "request" | "send";
type Channel = (typeof CHANNEL_VALUES)[number];

/** The OTP service's creation input. */
export type CreationInput = {
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
};

/** A creation the way the API's defaults make it, for callers inside Sandi (two-step sign-in, the dashboard's test OTP). */
export function plainCreation(channel: Channel, destination: string, externalId: string | null = null): CreationInput {
  return {
    mode: "request",
    channel,
    destination,
    brand: null,
    otpLength: OTP_LENGTH.default,
    ttlSeconds: TTL_SECONDS.default,
    externalId,
    suppliedCode: null,
    signals: null,
    fallback: [],
    fallbackAfterSeconds: FALLBACK_AFTER_SECONDS.default,
  };
}

/** The body fields both creation endpoints share, as their schemas give them. */
type CreationBody = {
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
};

/** Channels that can hand over to another: misscall, email and whatsapp_inbound are answered differently, so they take no fallback. */
const CAN_FALL_BACK: readonly Channel[] = ["whatsapp", "sms", "voice"];

function fallbackProblem(body: CreationBody): string | null {
  if (body.fallback.length === 0) return null;
  if (!CAN_FALL_BACK.includes(body.channel)) return `fallback tidak tersedia untuk channel ${body.channel}; hanya whatsapp, sms dan voice yang dapat dialihkan.`;
  if ((body.fallback as Channel[]).includes(body.channel)) return "fallback tidak boleh berisi channel utama.";
  return null;
}

/** The schemas' last step (a zod transform): a refused rule becomes an issue carrying the spec's code. */
export function toCreation(mode: CreationMode, body: CreationBody, otpLength: number, suppliedCode: string | null, ctx: z.RefinementCtx): CreationInput {
  const fallback = fallbackProblem(body);
  if (fallback) {
    ctx.addIssue({ code: "custom", message: fallback });
    return z.NEVER;
  }
  const chosen = body.destination ?? body.number ?? (body.channel === "email" ? body.email : null);
  let destination: string | null = null;
  if (chosen === null) {
    if (body.channel !== "whatsapp_inbound") {
      ctx.addIssue({ code: "custom", message: "Tujuan wajib diisi (destination).", params: { appCode: "INVALID_NUMBER" } });
      return z.NEVER;
    }
  } else {
    const checked = checkDestination(body.channel === "email" ? "email" : "phone", chosen);
    if (!checked.ok) {
      ctx.addIssue({ code: "custom", message: checked.message, params: { appCode: "INVALID_NUMBER" } });
      return z.NEVER;
    }
    destination = checked.value;
  }
  // A chain with a call in it speaks the code, so the whole chain uses the call's 4 digits.
  const spoken = body.channel === "voice" || body.fallback.includes("voice");
  return {
    mode,
    channel: body.channel,
    destination,
    brand: body.brand,
    otpLength: spoken ? VOICE_CODE_LENGTH : body.channel === "misscall" ? MISSCALL_CODE_LENGTH : otpLength,
    ttlSeconds: body.ttl,
    externalId: body.external_id,
    suppliedCode,
    signals: body.signals,
    fallback: body.fallback,
    fallbackAfterSeconds: body.fallback_after,
  };
}
