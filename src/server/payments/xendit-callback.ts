// Turns Xendit callbacks into the one notification shape the top-up service
// understands. Xendit signs nothing; it sends the account's callback token in
// `x-callback-token`, which we compare in constant time.
import { safeEqual } from "@/server/lib/hashing";
import type { GatewayNotification } from "./notification";

export type CallbackCheck = "ok" | "missing" | "forged" | "not_configured";

export function checkXenditCallbackToken(header: string | null, configured: string | undefined): CallbackCheck {
  if (!configured) return "not_configured";
  if (!header) return "missing";
  return safeEqual(header, configured) ? "ok" : "forged";
}

const GATEWAY = "xendit";

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && /^\d+(\.\d+)?$/.test(v) ? Number(v) : null);

/** Recognises QR payment callbacks (API 2022-07-31 and the older v1 shape) and fixed-VA payment callbacks. */
export function parseXenditCallback(raw: unknown): GatewayNotification {
  if (typeof raw !== "object" || raw === null) return { kind: "ignored", reason: "body is not an object" };
  const body = raw as Json;

  // QR Codes API 2022-07-31: {event: "qr.payment", data: {id: "qrpy_…", qr_id, reference_id, amount, status}}
  if (body.event === "qr.payment" && typeof body.data === "object" && body.data !== null) {
    const data = body.data as Json;
    const topupId = str(data.reference_id);
    if (!topupId) return { kind: "ignored", reason: "qr.payment without reference_id" };
    const status = str(data.status);
    const ids = { gateway: GATEWAY, topupId, instrumentId: str(data.qr_id), gatewayReference: str(data.id) };
    if (status === "SUCCEEDED" || status === "COMPLETED") return { kind: "paid", ...ids, amount: num(data.amount), currency: str(data.currency) };
    if (status === "FAILED") return { kind: "failed", ...ids };
    return { kind: "ignored", reason: `qr.payment status ${status}` };
  }

  // QR Codes v1: {event: "qr.payment", status: "COMPLETED", amount, qr_code: {external_id}}
  if (body.event === "qr.payment" && typeof body.qr_code === "object" && body.qr_code !== null) {
    const qrCode = body.qr_code as Json;
    const topupId = str(qrCode.external_id);
    if (!topupId) return { kind: "ignored", reason: "qr.payment without external_id" };
    if (body.status === "COMPLETED") {
      return { kind: "paid", gateway: GATEWAY, topupId, amount: num(body.amount), currency: str(body.currency), instrumentId: str(qrCode.id), gatewayReference: str(body.id) };
    }
    return { kind: "ignored", reason: `qr.payment status ${String(body.status)}` };
  }

  // Fixed VA paid: {payment_id, callback_virtual_account_id, external_id, amount, bank_code, account_number}
  if (str(body.payment_id) && str(body.callback_virtual_account_id)) {
    const topupId = str(body.external_id);
    if (!topupId) return { kind: "ignored", reason: "VA payment without external_id" };
    return {
      kind: "paid",
      gateway: GATEWAY,
      topupId,
      amount: num(body.amount),
      currency: str(body.currency),
      instrumentId: str(body.callback_virtual_account_id),
      gatewayReference: str(body.payment_id),
    };
  }

  // Fixed VA created/updated (status PENDING/ACTIVE/INACTIVE): our own clock decides expiry.
  if (str(body.account_number) && str(body.status)) return { kind: "ignored", reason: `VA status ${String(body.status)}` };

  return { kind: "ignored", reason: "unrecognised callback" };
}
