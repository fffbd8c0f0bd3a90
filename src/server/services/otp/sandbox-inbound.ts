// whatsapp_inbound in the sandbox inbox: no message leaves the building, so the
// merchant plays the user and "sends" the WhatsApp message from the dashboard.
// Completing goes through matchInboundWhatsapp, the same path as the real
// WhatsApp webhook and `otpctl sandbox inbound-whatsapp`.
import { getEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { formatWib } from "@/lib/wib-time";
import { isSandboxChannel } from "@/server/channels/registry";
import { matchInboundWhatsapp, type InboundResult } from "./inbound";

/** The sender used for an OTP not bound to a number (the user's number is whoever writes). */
export const SANDBOX_INBOUND_SENDER = "6281100000001";

const PENDING_SHOWN = 20;

/**
 * Sandbox mode for this flow: WhatsApp is configured neither for sending nor for
 * the inbound webhook, so no real inbound message can ever arrive and nothing but
 * the sandbox can complete the OTP.
 */
async function inboundIsSandboxed(): Promise<boolean> {
  return !getEnv().WHATSAPP_APP_SECRET && (await isSandboxChannel("whatsapp"));
}

/** A world of the dashboard: test worlds are always sandboxed. */
type World = { id: number; livemode: boolean };

/** The world's whatsapp_inbound OTPs still waiting for the user's message; none outside sandbox mode. */
export async function listPendingInbound(world: World, now = new Date()) {
  if (world.livemode && !(await inboundIsSandboxed())) return { available: false, items: [] };
  const merchantId = world.id;
  const db = await getDb();
  const rows = await db.otpTransaction.findMany({
    where: { merchantId, channel: "whatsapp_inbound", status: "pending", expiresAt: { gt: now } },
    select: { otpId: true, destination: true, inboundMessage: true, createdAt: true, expiresAt: true },
    orderBy: { id: "desc" },
    take: PENDING_SHOWN,
  });
  return {
    available: true,
    items: rows.map((r) => ({
      otp_id: r.otpId,
      destination: r.destination,
      message: r.inboundMessage ?? "",
      created_at: formatWib(r.createdAt),
      expires_at: formatWib(r.expiresAt),
    })),
  };
}

/** Sends the OTP's message as its user would: from the bound number, or from SANDBOX_INBOUND_SENDER when unbound. */
export async function completeSandboxInbound(world: World, otpId: string, now = new Date()): Promise<InboundResult> {
  const merchantId = world.id;
  if (world.livemode && !(await inboundIsSandboxed())) throw new AppError("NOT_FOUND", "Hanya tersedia di mode sandbox: pesan WhatsApp sungguhan datang dari pengguna.");
  const db = await getDb();
  const otp = await db.otpTransaction.findFirst({
    where: { otpId, merchantId, channel: "whatsapp_inbound" },
    select: { status: true, destination: true, inboundMessage: true, expiresAt: true },
  });
  if (!otp || !otp.inboundMessage) throw new AppError("OTP_NOT_FOUND");
  if (otp.status !== "pending") throw new AppError("ALREADY_USED", "OTP ini sudah tidak menunggu pesan WhatsApp.");
  if (now >= otp.expiresAt) throw new AppError("OTP_EXPIRED");
  const result = await matchInboundWhatsapp({ from: otp.destination ?? SANDBOX_INBOUND_SENDER, text: otp.inboundMessage }, now, { merchantId });
  // A concurrent completion (another tab, the CLI) got there first.
  if (!result.matched) throw new AppError("ALREADY_USED", "OTP ini sudah tidak menunggu pesan WhatsApp.");
  return result;
}
