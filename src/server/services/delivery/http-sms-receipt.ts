// An HTTP SMS aggregator's delivery receipt (contract: src/server/channels/vendors/http-sms.ts):
// delivered is a success; failed, expired and rejected are failures; anything else is not a receipt.
import { z } from "zod";
import { HTTP_SMS_PROVIDER } from "@/server/channels/vendors/http-sms";
import { applyDeliveryReceipt, type ReceiptResult } from "./receipts";

const receiptSchema = z.object({
  message_id: z.string().min(1).max(256),
  reference: z.string().max(64).optional(),
  status: z.string().max(32),
  error_code: z.string().max(64).optional(),
});

const SUCCESS = new Set(["delivered"]);
const FAILED = new Set(["failed", "expired", "rejected", "undelivered"]);

export async function handleHttpSmsReceipt(payload: unknown): Promise<ReceiptResult | null> {
  const parsed = receiptSchema.safeParse(payload);
  if (!parsed.success) return null;
  const { message_id, reference, error_code } = parsed.data;
  const status = parsed.data.status.toLowerCase();
  const outcome = SUCCESS.has(status) ? "success" : FAILED.has(status) ? "failed" : null;
  if (!outcome) return null;
  const reason = outcome === "failed" ? `HTTP SMS: ${status}${error_code ? ` (${error_code})` : ""}` : undefined;
  return applyDeliveryReceipt({ provider: HTTP_SMS_PROVIDER, providerMessageId: message_id, otpId: reference, outcome, reason });
}
