import { describe, expect, it } from "vitest";
import { eventBody } from "@/server/services/webhooks/event-body";

describe("webhook event body", () => {
  it("sends otp.verified keys in the documented order whatever order storage returns them in", () => {
    const stored = {
      data: { external_id: null, verified_at: "2026-01-01 07:00:00", status: "verified", number: "6281", channel: "sms", otp_id: "1" },
      created_at: "2026-01-01 07:00:00",
      type: "otp.verified",
      id: "evt_1",
    };
    const body = JSON.parse(eventBody(stored));
    expect(Object.keys(body)).toEqual(["id", "type", "created_at", "data"]);
    expect(Object.keys(body.data)).toEqual(["otp_id", "channel", "number", "status", "verified_at", "external_id"]);
  });

  it("keeps every field of an event type without a documented order", () => {
    const body = JSON.parse(eventBody({ type: "webhook.test", id: "evt_2", created_at: "x", data: { message: "hi" } }));
    expect(body).toEqual({ id: "evt_2", type: "webhook.test", created_at: "x", data: { message: "hi" } });
  });
});
