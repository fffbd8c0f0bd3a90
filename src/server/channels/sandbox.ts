// The default provider for every channel: describes what a vendor would deliver, for
// the creation to record in sandbox_messages, instead of calling one, and fails like
// a vendor would for the magic destinations (phone ending in 0000, e-mail local part "fail";
// WhatsApp to a phone ending in 0002 fails, to one ending in 0001 is never confirmed).
// Every other send confirms itself with a delivered receipt about a second later.
import { randomInt } from "node:crypto";
import { getEnv } from "@/env";
import { randomBase62, randomDigits } from "@/server/lib/random";
import type { ChannelAdapter, DeliveryRequest, DeliveryResult } from "./channel";
import { emailContent, misscallInstructions, plainMessageText, smsText, voiceScript } from "./message-text";

export const SANDBOX_PROVIDER = "sandbox";

/** The sandbox confirms every successful send with a delivered receipt this long after it. */
export const SANDBOX_RECEIPT_AFTER_MS = 1000;

export function sandboxFails(destination: string | null, channel?: string): boolean {
  if (!destination) return false;
  if (destination.includes("@")) return destination.split("@")[0].toLowerCase() === "fail";
  // …0002: WhatsApp fails at once (no WhatsApp on the number); other channels work.
  return destination.endsWith("0000") || (channel === "whatsapp" && destination.endsWith("0002"));
}

/** …0001: WhatsApp accepts the message but it is never delivered (a phone that is off), so no receipt comes. */
export function sandboxNeverConfirms(destination: string | null, channel: string): boolean {
  return channel === "whatsapp" && !!destination && destination.endsWith("0001");
}

/** SANDBOX_MISSCALL_POOL as digit strings; entries that are not 8 to 15 digits are ignored. */
export function misscallPool(raw = getEnv().SANDBOX_MISSCALL_POOL ?? ""): string[] {
  return raw
    .split(",")
    .map((s) => s.trim().replace(/^\+/, ""))
    .filter((s) => /^\d{8,15}$/.test(s));
}

/**
 * A calling number from SANDBOX_MISSCALL_POOL (picked with a CSPRNG: its trailing
 * digits are the code), or, with no pool configured, a fresh Jakarta-style number
 * 6221XXXXXXXX: a fixed built-in pool would make the code one of a handful of values.
 */
export function pickCaller(): string {
  const pool = misscallPool();
  if (pool.length > 0) return pool[randomInt(pool.length)];
  return `6221${randomDigits(8)}`;
}

function textFor(request: DeliveryRequest, code: string, caller: string | null): string {
  switch (request.channel) {
    case "voice":
      return voiceScript({ ...request, code });
    case "misscall":
      return misscallInstructions(request, caller ?? "", code.length);
    case "email": {
      const email = emailContent({ ...request, code });
      return `${email.subject}\n\n${email.text}`;
    }
    case "sms":
      // What Twilio would carry, SMS Retriever hash line included when the merchant has one.
      return smsText({ ...request, code });
    default:
      return plainMessageText({ ...request, code });
  }
}

export const sandboxAdapter: ChannelAdapter = {
  provider: SANDBOX_PROVIDER,
  inProcess: true,
  async deliver(request: DeliveryRequest): Promise<DeliveryResult> {
    const caller = request.channel === "misscall" ? pickCaller() : null;
    const code = caller ? caller.slice(-4) : (request.code ?? "");
    const delivered = !sandboxFails(request.destination, request.channel);
    // Recorded by the creation together with its outcome (one statement, no extra round trip).
    const sandboxMessage = { text: textFor(request, code, caller), code, caller, delivered };
    const providerMessageId = `sbx_${randomBase62(20)}`;
    if (!delivered) {
      const reason = request.destination?.endsWith("0002")
        ? "Sandbox: nomor berakhiran 0002 tidak memiliki WhatsApp."
        : "Sandbox: tujuan ini selalu gagal (nomor berakhiran 0000 atau e-mail fail@…).";
      return { outcome: "failed", provider: SANDBOX_PROVIDER, reason, providerMessageId, sandboxMessage };
    }
    const confirms = !sandboxNeverConfirms(request.destination, request.channel);
    return {
      outcome: "sent",
      provider: SANDBOX_PROVIDER,
      providerMessageId,
      ...(caller ? { caller } : {}),
      sandboxMessage,
      ...(confirms ? { selfReceiptAfterMs: SANDBOX_RECEIPT_AFTER_MS } : {}),
    };
  },
};
