// Twilio status callbacks (SMS MessageStatus, call CallStatus) as delivery receipts.
// Intermediate states (queued, sent, ringing, in-progress) are not receipts.
import { z } from "zod";
import { applyDeliveryReceipt, type ReceiptResult } from "./receipts";

const SUCCESS = new Set(["delivered", "completed"]);
const FAILED = new Set(["failed", "undelivered", "busy", "no-answer", "canceled"]);

const callbackSchema = z.object({
  MessageSid: z.string().min(1).max(64).optional(),
  MessageStatus: z.string().max(32).optional(),
  CallSid: z.string().min(1).max(64).optional(),
  CallStatus: z.string().max(32).optional(),
  ErrorCode: z.string().max(16).optional(),
});

/** `params` are the POSTed form fields; `otpId` the reference from the StatusCallback URL's query. */
export async function handleTwilioStatus(params: Record<string, string>, otpId?: string | null): Promise<ReceiptResult | null> {
  const parsed = callbackSchema.safeParse(params);
  if (!parsed.success) return null;
  const { MessageSid, MessageStatus, CallSid, CallStatus, ErrorCode } = parsed.data;
  const sid = MessageSid ?? CallSid;
  const status = (MessageStatus ?? CallStatus ?? "").toLowerCase();
  const outcome = SUCCESS.has(status) ? "success" : FAILED.has(status) ? "failed" : null;
  if (!sid || !outcome) return null;
  const reason = outcome === "failed" ? `Twilio: ${status}${ErrorCode ? ` (error ${ErrorCode})` : ""}` : undefined;
  return applyDeliveryReceipt({ provider: "twilio", providerMessageId: sid, otpId: otpId ?? undefined, outcome, reason });
}
