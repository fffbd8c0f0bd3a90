// The sandbox's own delivered receipts take two paths (services/delivery/receipts.ts):
// one statement per batch for sends nobody listens to, and the vendor path, row by row,
// for sends whose merchant wants otp.delivered. Each receipt belongs to exactly one of
// them, so a busy second with more receipts due than one batch takes does not spill
// the rest onto the row-by-row path.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { applyAnnouncedSandboxReceipts, applyListenedSandboxReceipts, applyQuietSandboxReceipts, applySandboxReceipts } from "@/server/services/delivery/receipts";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { newMerchant, requestOtp } from "../harness/v3-fixtures";
import { merchantWithWebhook } from "../harness/webhook-merchant";

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

async function stateOf(otpId: string) {
  const db = await getDb();
  const otp = await db.otpTransaction.findUniqueOrThrow({ where: { otpId }, select: { status: true, deliveries: { select: { status: true, receiptDueAt: true } } } });
  return { status: otp.status, deliveries: otp.deliveries.map((d) => ({ status: d.status, due: d.receiptDueAt !== null })) };
}

async function created(key: string, destination: string): Promise<string> {
  const res = await requestOtp(key, { channel: "sms", destination });
  expect(res.status).toBe(200);
  return res.body.data!.otp_id as string;
}

describe("sandbox receipts", () => {
  it("leaves a send nobody listens to for the batch statement, which confirms it", async () => {
    const m = await newMerchant();
    const otpId = await created(m.key, "6281234500001");
    expect(await stateOf(otpId)).toEqual({ status: "sent", deliveries: [{ status: "sent", due: true }] });

    expect(await applyAnnouncedSandboxReceipts(later(2))).toBe(0);
    expect(await stateOf(otpId)).toEqual({ status: "sent", deliveries: [{ status: "sent", due: true }] });

    expect(await applySandboxReceipts(later(2))).toBe(1);
    expect(await stateOf(otpId)).toEqual({ status: "success", deliveries: [{ status: "success", due: false }] });
  });

  it("takes a send whose merchant wants otp.delivered row by row, recording the event", async () => {
    const { m } = await merchantWithWebhook();
    await updateMerchant(m.id, { webhookEvents: ["otp.delivered"] });
    const otpId = await created(m.key, "6281234500002");

    // The worker's every-tick half leaves it alone; its once-a-second half records it.
    expect(await applyQuietSandboxReceipts(later(2))).toBe(0);
    expect(await stateOf(otpId)).toEqual({ status: "sent", deliveries: [{ status: "sent", due: true }] });
    expect(await applyListenedSandboxReceipts(later(2))).toBe(1);
    expect(await stateOf(otpId)).toEqual({ status: "success", deliveries: [{ status: "success", due: false }] });
    const db = await getDb();
    expect((await db.webhookEvent.findMany({ where: { merchantId: m.id } })).map((e) => e.type)).toEqual(["otp.delivered"]);
  });
});
