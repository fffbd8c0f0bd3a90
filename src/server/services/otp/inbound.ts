// Matching an inbound WhatsApp message to a pending whatsapp_inbound transaction.
// The one path for the real WhatsApp webhook, `otpctl sandbox inbound-whatsapp`, the
// dashboard's sandbox inbox and POST /v3/test/inbound-whatsapp. A real message only
// ever completes a live OTP; the sandbox paths name the world (merchant row) they act in.
import { getDb } from "@/server/db/client";
import { recordOtpVerified } from "./lifecycle-events";
import { normalizeMessage, TOKEN_PATTERN } from "./inbound-token";

export type InboundResult = { matched: boolean; otp_id: string | null };

/** Where to look: every live merchant (a message from WhatsApp) or one world (a simulated message). */
export type InboundScope = { live: true } | { merchantId: number };

export async function matchInboundWhatsapp(message: { from: string; text: string }, now = new Date(), scope: InboundScope = { live: true }): Promise<InboundResult> {
  const from = message.from.replace(/\D/g, "");
  const text = normalizeMessage(message.text ?? "");
  const tokens = [...text.matchAll(TOKEN_PATTERN)].map((m) => m[1]);
  if (!from || tokens.length === 0) return { matched: false, otp_id: null };
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const merchantId = "merchantId" in scope ? scope.merchantId : null;
    const rows = await tx.$queryRaw<{ id: bigint }[]>`
      SELECT o.id FROM otp_transactions o JOIN merchants m ON m.id = o.merchant_id
      WHERE o.inbound_token = ANY(${tokens}) AND o.channel = 'whatsapp_inbound' AND o.status = 'pending'
        AND (CASE WHEN ${merchantId}::int IS NULL THEN m.live_merchant_id IS NULL ELSE o.merchant_id = ${merchantId}::int END)
      FOR UPDATE OF o`;
    for (const { id } of rows) {
      const otp = await tx.otpTransaction.findUniqueOrThrow({ where: { id } });
      // The message must arrive unchanged, before expiry, and from the bound sender when there is one.
      if (normalizeMessage(otp.inboundMessage ?? "") !== text) continue;
      if (now >= otp.expiresAt) continue;
      if (otp.destination && otp.destination !== from) continue;
      await tx.otpTransaction.update({ where: { id }, data: { status: "verified", verifiedAt: now, verifiedFrom: from } });
      await recordOtpVerified(tx, otp.merchantId, { otpId: otp.otpId, channel: otp.channel, number: otp.destination ?? from, verifiedAt: now, externalId: otp.externalId });
      return { matched: true, otp_id: otp.otpId };
    }
    return { matched: false, otp_id: null };
  });
}
