// What the webhook log tells a merchant debugging an integration: the request
// exactly as sent (headers and body), the OTP an event is about, which
// deliveries are resends and which events are tests, and that a failing test
// event is not retried for the next 30 hours.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { listWebhookEvents, resendEvent, sendTestEvent } from "@/server/services/webhooks/manage";
import { deliverDueWebhooks } from "@/server/services/webhooks/deliver-due";
import { merchantWithWebhook, verifiedOtpEvent } from "../harness/webhook-merchant";

describe("webhook log", () => {
  it("shows the request as sent: every header but the signature's value, and the body byte for byte", async () => {
    const { m, receiver } = await merchantWithWebhook();
    await sendTestEvent(m.id);
    await deliverDueWebhooks();
    const [event] = (await listWebhookEvents(m.id)).items;
    const [sent] = receiver.received;
    expect(event.request_body).toBe(sent.body);
    const headers = event.deliveries[0].attempts[0].request_headers;
    for (const name of ["content-type", "user-agent", "webhook-id", "webhook-timestamp"]) expect(headers[name], name).toBe(sent.headers[name]);
    expect(headers["webhook-signature"]).toBe("v1,<HMAC-SHA256 dengan signing secret Anda>");
  });

  it("names the OTP of an otp.verified event and marks test events as such", async () => {
    const { m } = await merchantWithWebhook();
    const { otpId } = await verifiedOtpEvent(m);
    await sendTestEvent(m.id);
    const [test, verified] = (await listWebhookEvents(m.id)).items;
    expect(test).toMatchObject({ type: "webhook.test", test: true, otp_id: null });
    expect(verified).toMatchObject({ type: "otp.verified", test: false, otp_id: otpId });
  });

  it("labels a delivery the merchant asked for again as a resend, not the original", async () => {
    const { m } = await merchantWithWebhook();
    const { event_id } = await sendTestEvent(m.id);
    await deliverDueWebhooks();
    await resendEvent(m.id, event_id);
    const [event] = (await listWebhookEvents(m.id)).items;
    expect(event.deliveries.map((d) => d.resend)).toEqual([true, false]);
  });

  it("does not retry a failing test event, while a failing otp.verified event is retried", async () => {
    const { m } = await merchantWithWebhook(() => ({ status: 500 }));
    await sendTestEvent(m.id);
    await verifiedOtpEvent(m);
    await deliverDueWebhooks();
    const db = await getDb();
    const deliveries = await db.webhookDelivery.findMany({ include: { event: true } });
    const byType = Object.fromEntries(deliveries.map((d) => [d.event.type, d]));
    expect(byType["webhook.test"]).toMatchObject({ status: "failed", attemptCount: 1, nextAttemptAt: null });
    expect(byType["otp.verified"]).toMatchObject({ status: "pending", attemptCount: 1 });
    expect(byType["otp.verified"].nextAttemptAt).not.toBeNull();
  });
});
