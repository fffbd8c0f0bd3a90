// The delivery boundary: one adapter per vendor behind this interface; the
// sandbox provider is one of them and the default for every channel.
import type { Channel } from "@/generated/prisma/enums";
import type { Locale } from "@/schemas/v3/locale";
import type { TemplateChannel } from "@/schemas/v3/templates";

/** A template's texts for one language, by channel (placeholders not yet filled in). */
export type MessageFragments = Partial<Record<TemplateChannel, string>>;

export type DeliveryRequest = {
  otpId: string;
  merchantId: number;
  channel: Channel;
  /** Resolved destination (phone digits or e-mail); null only for unbound whatsapp_inbound. */
  destination: string | null;
  /** The code to deliver; null for misscall, whose code is the trailing digits of the calling number the vendor picks. */
  code: string | null;
  brand: string;
  brandEmail: string;
  /** Android SMS Retriever app hash, appended to SMS when the merchant configured one. */
  smsAppHash: string | null;
  expiresAt: Date;
  ttlSeconds: number;
  /** The message language; absent means "id". */
  locale?: Locale;
  /** The merchant template's texts in that language; absent or null: the standard texts. */
  fragments?: MessageFragments | null;
  /** The origin-bound SMS line's domain (WebOTP / iOS autofill), when the merchant set one. */
  smsDomain?: string | null;
  /** Epoch ms by which the vendor must have answered: what is left of the send's budget across routes (docs/routing.md). */
  deadline?: number;
  /** The /v3 request this send is part of (its X-Request-Id), for the lines logged about it; absent for the worker's sends. */
  requestId?: string;
};

/**
 * What an adapter reports once the vendor has answered. There is deliberately no
 * `pending`: an OTP row is `pending` only while its creation is still running (or
 * for whatsapp_inbound), which is what receipts wait on and what the abandoned-
 * creation sweep refunds, and verification accepts only `sent` or `success`.
 */
export type DeliveryResult = (
  | {
      /** Vendor accepted the send (sent) or confirmed delivery synchronously (success); receipts move `sent` on later. */
      outcome: "sent" | "success";
      provider: string;
      providerMessageId?: string;
      /** misscall: the full calling number; the service keeps only its prefix and the hash of its trailing digits. */
      caller?: string;
    }
  | { outcome: "failed"; provider: string; reason: string; providerMessageId?: string }
) & {
  /** The sandbox's copy of what it "sent", stored with the outcome in the same statement. */
  sandboxMessage?: SandboxMessageRecord;
  /** The sandbox confirms its own sends: a delivered receipt is applied this long after the send. */
  selfReceiptAfterMs?: number;
};

export type SandboxMessageRecord = { text: string; code: string; caller: string | null; delivered: boolean };

export interface ChannelAdapter {
  readonly provider: string;
  /**
   * True when nothing leaves the service (the sandbox): the creation then needs no
   * durable record before "sending", since a crash loses the record and the send together.
   */
  readonly inProcess?: boolean;
  deliver(request: DeliveryRequest): Promise<DeliveryResult>;
}

/**
 * Thrown by an adapter when the vendor cannot be reached (timeout, connection
 * refused, 5xx, open circuit), refuses our account, or asks for this message to
 * be tried again later (SMTP 4xx): the request answers 503 CHANNEL_UNAVAILABLE and
 * nothing is charged. A vendor that answers "cannot deliver" is a failed result instead.
 */
export class VendorUnavailableError extends Error {
  constructor(readonly provider: string, message: string) {
    super(message);
    this.name = "VendorUnavailableError";
  }
}
