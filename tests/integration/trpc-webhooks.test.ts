// The webhooks screen's procedures: scoped to the signed-in merchant, secret only where revealed.
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { createMerchant } from "@/server/services/merchants/merchants";
import { callerFor } from "../harness/trpc";

async function merchant(email: string) {
  const created = await createMerchant({ name: email, email, password: "password-123" });
  const db = await getDb();
  const row = await db.merchant.findUniqueOrThrow({ where: { merchantId: created.merchant_id } });
  return { id: row.id, publicId: created.merchant_id, caller: callerFor({ merchantPublicId: created.merchant_id }) };
}

describe("tRPC webhooks", () => {
  it("keeps the secret out of settings and shows it only when revealed or rotated", async () => {
    const a = await merchant("a@x.id");
    await a.caller.webhooks.setUrl({ url: "http://127.0.0.1:9/hook" });
    const settings = await a.caller.webhooks.settings();
    expect(settings).toEqual({ url: "http://127.0.0.1:9/hook", enabled: true, disabled_reason: null, event_types: ["otp.verified"] });
    const { secret } = await a.caller.webhooks.revealSecret();
    expect(secret).toMatch(/^whsec_/);
    const rotated = await a.caller.webhooks.rotateSecret();
    expect(rotated.secret).not.toBe(secret);
  });

  it("lists and resends only the signed-in merchant's events; another merchant's event is NOT_FOUND", async () => {
    const a = await merchant("a@x.id");
    const b = await merchant("b@x.id");
    await a.caller.webhooks.setUrl({ url: "http://127.0.0.1:9/hook" });
    await b.caller.webhooks.setUrl({ url: "http://127.0.0.1:9/other" });
    const { event_id } = await a.caller.webhooks.sendTest();
    expect((await a.caller.webhooks.events({ limit: 20 })).items.map((e) => e.event_id)).toEqual([event_id]);
    expect((await b.caller.webhooks.events({ limit: 20 })).items).toEqual([]);
    await expect(b.caller.webhooks.resend({ eventId: event_id })).rejects.toSatisfy((e: unknown) => e instanceof TRPCError && e.code === "NOT_FOUND");
    expect((await b.caller.webhooks.revealSecret()).secret).not.toBe((await a.caller.webhooks.revealSecret()).secret);
  });

  it("lists only one OTP's events when asked for its otp_id (a transaction's link into the log), still only the merchant's own", async () => {
    const a = await merchant("a@x.id");
    const b = await merchant("b@x.id");
    const db = await getDb();
    const record = (merchantId: number, eventId: string, otpId: string, type: string) =>
      db.webhookEvent.create({ data: { eventId, merchantId, type, payload: { id: eventId, type, data: { otp_id: otpId } } } });
    await record(a.id, "evt_a_one_sent", "OTP20261126AAAA000001", "otp.sent");
    await record(a.id, "evt_a_two_sent", "OTP20261126BBBB000002", "otp.sent");
    await record(a.id, "evt_a_one_verified", "OTP20261126AAAA000001", "otp.verified");
    await record(b.id, "evt_b_same_id", "OTP20261126AAAA000001", "otp.sent");
    const filtered = await a.caller.webhooks.events({ limit: 20, otpId: "OTP20261126AAAA000001" });
    expect(filtered.items.map((e) => e.event_id)).toEqual(["evt_a_one_verified", "evt_a_one_sent"]);
    expect(filtered.items.every((e) => e.otp_id === "OTP20261126AAAA000001")).toBe(true);
    expect((await a.caller.webhooks.events({ limit: 20 })).items).toHaveLength(3);
    expect((await a.caller.webhooks.events({ limit: 20, otpId: "OTP20261126CCCC000003" })).items).toEqual([]);
  });

  it("answers a test event without a URL with a message the merchant understands", async () => {
    const a = await merchant("a@x.id");
    await expect(a.caller.webhooks.sendTest()).rejects.toSatisfy((e: unknown) => e instanceof TRPCError && e.code === "BAD_REQUEST" && /URL webhook/.test(e.message));
  });
});

describe("tRPC webhooks: choosing event types", () => {
  const isBadRequest = (message: RegExp) => (e: unknown) => e instanceof TRPCError && e.code === "BAD_REQUEST" && message.test(e.message);

  it("saves the chosen types in the canonical order, and settings show them", async () => {
    const a = await merchant("a@x.id");
    await a.caller.webhooks.setUrl({ url: "http://127.0.0.1:9/hook" });
    const saved = await a.caller.webhooks.setEventTypes({ eventTypes: ["otp.verified", "otp.fallback", "otp.sent", "otp.sent"] });
    expect(saved).toEqual({ event_types: ["otp.sent", "otp.fallback", "otp.verified"] });
    expect((await a.caller.webhooks.settings()).event_types).toEqual(["otp.sent", "otp.fallback", "otp.verified"]);
    const db = await getDb();
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { merchantId: a.id } })).eventTypes).toEqual(["otp.sent", "otp.fallback", "otp.verified"]);
  });

  it("refuses an empty choice and an unknown type in Indonesian, keeping the saved types", async () => {
    const a = await merchant("a@x.id");
    await a.caller.webhooks.setUrl({ url: "http://127.0.0.1:9/hook" });
    await expect(a.caller.webhooks.setEventTypes({ eventTypes: [] })).rejects.toSatisfy(isBadRequest(/Pilih minimal satu tipe event/));
    // @ts-expect-error: a type the schema does not know, as a crafted request would send it.
    await expect(a.caller.webhooks.setEventTypes({ eventTypes: ["otp.verified", "payment.paid"] })).rejects.toSatisfy(isBadRequest(/Tipe event tidak dikenal/));
    expect((await a.caller.webhooks.settings()).event_types).toEqual(["otp.verified"]);
  });

  it("refuses a choice before a webhook URL is set", async () => {
    const a = await merchant("a@x.id");
    await expect(a.caller.webhooks.setEventTypes({ eventTypes: ["otp.sent"] })).rejects.toSatisfy(isBadRequest(/Atur URL webhook terlebih dahulu/));
    expect((await a.caller.webhooks.settings()).event_types).toEqual(["otp.verified"]);
  });

  it("changes only the signed-in merchant's endpoint", async () => {
    const a = await merchant("a@x.id");
    const b = await merchant("b@x.id");
    await a.caller.webhooks.setUrl({ url: "http://127.0.0.1:9/hook" });
    await b.caller.webhooks.setUrl({ url: "http://127.0.0.1:9/other" });
    await a.caller.webhooks.setEventTypes({ eventTypes: ["otp.delivered", "otp.failed"] });
    expect((await b.caller.webhooks.settings()).event_types).toEqual(["otp.verified"]);
    expect((await a.caller.webhooks.settings()).event_types).toEqual(["otp.delivered", "otp.failed"]);
  });

  it("keeps the choice per mode: test mode's endpoint has its own types", async () => {
    const a = await merchant("a@x.id");
    const test = callerFor({ merchantPublicId: a.publicId, mode: "test" });
    await a.caller.webhooks.setUrl({ url: "http://127.0.0.1:9/live" });
    await test.webhooks.setUrl({ url: "http://127.0.0.1:9/test" });
    await test.webhooks.setEventTypes({ eventTypes: ["otp.sent"] });
    expect((await test.webhooks.settings()).event_types).toEqual(["otp.sent"]);
    expect((await a.caller.webhooks.settings()).event_types).toEqual(["otp.verified"]);
  });
});
