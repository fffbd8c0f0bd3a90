import { matchInboundWhatsapp, type InboundResult } from "@/server/services/otp/inbound";

/** POST /v3/test/inbound-whatsapp: the user's WhatsApp message, matched as the real webhook would, within this test world only. */
export function receiveTestInbound(testWorldId: number, message: { from: string; text: string }, now = new Date()): Promise<InboundResult> {
  return matchInboundWhatsapp(message, now, { merchantId: testWorldId });
}
