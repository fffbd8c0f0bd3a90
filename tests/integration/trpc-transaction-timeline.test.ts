// The transaction detail's delivery timeline (each send of an OTP, in order) and
// the webhook events recorded about that OTP, scoped to the merchant's world.
import { describe, expect, it } from "vitest";
import { OTP_EVENT_TYPES } from "@/schemas/v3/events";
import { getDb } from "@/server/db/client";
import { deliveredCode, newMerchant, requestOtp, verify } from "../harness/v3-fixtures";
import { callerFor } from "../harness/trpc";
import { FAILURE_SENTENCES } from "@/server/channels/failure-codes";

const WIB = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A WhatsApp OTP to a sandbox number without WhatsApp: it fails at once and the creation moves on to SMS. */
async function fellBackToSms(key: string): Promise<string> {
  const res = await requestOtp(key, { channel: "whatsapp", destination: "6281234560002", fallback: ["sms"] });
  expect(res.status).toBe(200);
  return res.body.data!.otp_id as string;
}

describe("transaction detail: deliveries and webhook events", () => {
  it("lists each send in order with its status, time, charged price and the reason a failed one was free", async () => {
    const m = await newMerchant();
    const caller = callerFor({ merchantPublicId: m.merchantId });
    const otpId = await fellBackToSms(m.key);

    const detail = await caller.reports.transaction({ otpId });
    expect(detail).toMatchObject({ channel: "sms", status: "sent", charged: true, price: 450, fallback: ["sms"], fallback_after: 20 });
    expect(detail.deliveries).toEqual([
      {
        seq: 1,
        channel: "whatsapp",
        status: "failed",
        price: 0,
        list_price: 350,
        charged: false,
        provider: "sandbox",
        failure_reason: FAILURE_SENTENCES.not_on_whatsapp,
        sent_at: "",
        started_at: expect.stringMatching(WIB),
        route: "sandbox",
        route_reason: "only_route",
      },
      {
        seq: 2,
        channel: "sms",
        status: "sent",
        price: 450,
        list_price: 450,
        charged: true,
        provider: "sandbox",
        failure_reason: null,
        sent_at: expect.stringMatching(WIB),
        started_at: expect.stringMatching(WIB),
        route: "sandbox",
        route_reason: "only_route",
      },
    ]);
  });

  it("lists the events recorded for the OTP, oldest first, with their delivery to the subscribed endpoint", async () => {
    const m = await newMerchant();
    const caller = callerFor({ merchantPublicId: m.merchantId });
    await caller.webhooks.setUrl({ url: "http://127.0.0.1:9/hook" });
    await caller.webhooks.setEventTypes({ eventTypes: [...OTP_EVENT_TYPES] });
    const otpId = await fellBackToSms(m.key);
    await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) });
    // Another OTP of the same merchant, whose otp.sent must stay on its own detail.
    const other = (await requestOtp(m.key, { channel: "sms", destination: "6281234567001" })).body.data!.otp_id as string;
    expect((await caller.reports.transaction({ otpId: other })).events.map((e) => e.type)).toEqual(["otp.sent"]);

    const { events, status } = await caller.reports.transaction({ otpId });
    expect(status).toBe("verified");
    expect(events.map((e) => e.type)).toEqual(["otp.fallback", "otp.sent", "otp.verified"]);
    for (const event of events) {
      expect(event).toEqual({ event_id: expect.stringMatching(/^evt_/), type: event.type, created_at: expect.stringMatching(WIB), delivery: { status: "pending", attempts: 0, resends: 0 } });
    }
  });

  it("shows an event no endpoint received as not delivered, and counts a resend", async () => {
    const m = await newMerchant();
    const caller = callerFor({ merchantPublicId: m.merchantId });
    const otpId = await fellBackToSms(m.key);
    await verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) });
    // No endpoint: only otp.verified is recorded, for the log, and nothing delivered it.
    const [verified] = (await caller.reports.transaction({ otpId })).events;
    expect(verified).toMatchObject({ type: "otp.verified", delivery: null });

    await caller.webhooks.setUrl({ url: "http://127.0.0.1:9/hook" });
    await caller.webhooks.resend({ eventId: verified.event_id });
    expect((await caller.reports.transaction({ otpId })).events).toEqual([{ ...verified, delivery: { status: "pending", attempts: 0, resends: 0 } }]);
    await caller.webhooks.resend({ eventId: verified.event_id });
    expect((await caller.reports.transaction({ otpId })).events[0].delivery).toEqual({ status: "pending", attempts: 0, resends: 1 });
  });

  it("never shows another merchant's event, even one naming the same otp_id, nor the other mode's", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const caller = callerFor({ merchantPublicId: a.merchantId });
    const otpId = await fellBackToSms(a.key);
    await verify(a.key, { otp_id: otpId, otp: await deliveredCode(otpId) });
    const db = await getDb();
    const payload = (eventId: string) => ({ id: eventId, type: "otp.verified", created_at: "2031-03-15 10:00:00", livemode: true, data: { otp_id: otpId } });
    await db.webhookEvent.create({ data: { eventId: "evt_otherMerchant00000", merchantId: b.id, type: "otp.verified", payload: payload("evt_otherMerchant00000") } });
    await db.webhookEvent.create({ data: { eventId: "evt_otherMode000000000", merchantId: a.testId, type: "otp.verified", payload: payload("evt_otherMode000000000") } });

    const { events } = await caller.reports.transaction({ otpId });
    expect(events.map((e) => e.type)).toEqual(["otp.verified"]);
    expect(events[0].event_id).not.toMatch(/other/);
  });
});
