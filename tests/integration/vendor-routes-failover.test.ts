// Several vendor routes per channel (docs/routing.md): failover inside the creation, the
// charge taken once (or refunded once), each attempt's route in the answer, in
// GET /v3/otp/{otp_id} and in the ledger's one debit; vendors are HTTP simulators with
// behaviour modes (tests/simulators/route-vendor-simulator.ts).
import { createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetBreakers } from "@/server/channels/vendors/circuit-breaker";
import { getDb } from "@/server/db/client";
import { applyEarlyReceipts } from "@/server/services/delivery/receipts";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { addRoute, setRouteEnabled } from "@/server/services/routing/route-store";
import { overrideEnv } from "../harness/env-override";
import { captureLog } from "../harness/log-lines";
import { postToHooks, WHATSAPP_HOOK_URL } from "../harness/hook-dispatch";
import { expectLedgerBalanced, getOtpDetail, newMerchant, requestOtp, saldoOf, verify } from "../harness/v3-fixtures";
import { startRouteVendor, type RouteVendor, type RouteVendorKind } from "../simulators/route-vendor-simulator";

const SMS = 450;
const cleanups: (() => unknown)[] = [];
beforeEach(() => resetBreakers());
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function phone(i: number): string {
  return `62812${String(30_000_001 + i * 7).padStart(8, "0")}`;
}

async function vendor(kind: RouteVendorKind): Promise<RouteVendor> {
  const sim = await startRouteVendor(kind, { receipts: postToHooks });
  // Receipts still on their way are answered before the next test empties the tables.
  cleanups.push(async () => {
    await sim.receiptsSettled().catch(() => undefined);
    await sim.close();
  });
  return sim;
}

/** Two SMS routes: `first` (Twilio, priority 10) is tried before `second` (the HTTP aggregator, priority 20). */
async function twoSmsRoutes() {
  const first = await vendor("twilio");
  const second = await vendor("http_sms");
  await addRoute({ name: "sms-twilio", channel: "sms", adapter: "twilio", config: first.routeConfig(), priority: 10 });
  await addRoute({ name: "sms-aggregator", channel: "sms", adapter: "http_sms", config: second.routeConfig(), priority: 20 });
  return { first, second };
}

async function merchant(saldo = 100_000) {
  const m = await newMerchant({ saldo });
  await updateMerchant(m.id, { rateLimit: 10_000, fraudGuard: "off" });
  return m;
}

/** The OTPs' moves in the ledger (the opening saldo is a manual credit). */
async function ledgerOf(merchantId: number) {
  const db = await getDb();
  return db.ledgerEntry.findMany({ where: { merchantId, reason: { in: ["otp_charge", "otp_refund"] } }, orderBy: { id: "asc" } });
}

describe("failover between the routes of a channel", () => {
  it("sends 50 creations through the second route while the first answers 500, each charged once", async () => {
    const { first, second } = await twoSmsRoutes();
    first.mode = { kind: "fail", status: 500 };
    const m = await merchant();
    const answers = [];
    // Five at a time: the first route's circuit opens on the way (its later failovers are immediate).
    for (let i = 0; i < 50; i += 5) {
      answers.push(...(await Promise.all(Array.from({ length: 5 }, (_, j) => requestOtp(m.key, { channel: "sms", destination: phone(i + j) })))));
    }
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    for (const answer of answers) {
      expect(answer.body.data).toMatchObject({ status: "sent", price: SMS });
      expect(answer.body.data!.deliveries).toEqual([
        { channel: "sms", status: "failed", price: 0, sent_at: "", failure_reason: "vendor_unavailable", route: "sms-twilio", route_reason: "priority" },
        { channel: "sms", status: "sent", price: SMS, sent_at: expect.any(String), route: "sms-aggregator", route_reason: "failover" },
      ]);
    }
    expect(second.accepted).toHaveLength(50);
    // The first route saw only the calls its circuit let through (5 failures open it).
    expect(first.requests.length).toBeGreaterThanOrEqual(5);
    expect(first.requests.length).toBeLessThan(50);

    expect(await saldoOf(m.id)).toBe(100_000 - 50 * SMS);
    const ledger = await ledgerOf(m.id);
    const charges = ledger.filter((e) => e.reason === "otp_charge");
    expect(charges).toHaveLength(50);
    expect(new Set(charges.map((e) => e.reference))).toEqual(new Set(answers.map((a) => a.body.data!.otp_id as string)));
    expect(ledger.filter((e) => e.reason === "otp_refund")).toHaveLength(0);
    expect(await expectLedgerBalanced(m.id)).toBe(true);

    // The user got the code through the second route, and it verifies.
    const otpId = answers[0].body.data!.otp_id as string;
    expect((await verify(m.key, { otp_id: otpId, otp: second.codeFor(otpId)! })).body.data?.verified).toBe(true);
  });

  it("logs the failover, the unreachable vendor and the failed send under the X-Request-Id of the request they belong to, a fallback sent at once included", async () => {
    const { first } = await twoSmsRoutes();
    first.mode = { kind: "fail", status: 500 };
    const m = await merchant();
    const logged = captureLog();
    // Concurrent: each line must carry its own request's id, not the other's. The second's WhatsApp
    // fails at once in the sandbox (…0002), so its SMS fallback goes out inside the same request.
    const [plain, chained] = await Promise.all([
      requestOtp(m.key, { channel: "sms", destination: phone(3) }),
      requestOtp(m.key, { channel: "whatsapp", destination: "6281234560002", fallback: ["sms"] }),
    ]);
    logged.restore();
    expect([plain.status, chained.status]).toEqual([200, 200]);
    const idOf = new Map([plain, chained].map((answer) => [answer.body.data!.otp_id as string, answer.headers.get("x-request-id")]));
    const failovers = logged.lines.filter((line) => line.msg === "vendor route failed over");
    expect(failovers.map((line) => line.otp_id).sort()).toEqual([...idOf.keys()].sort());
    for (const line of failovers) expect(line.request_id).toBe(idOf.get(line.otp_id as string));
    const unreachable = logged.lines.filter((line) => line.vendor === "sms-twilio");
    expect(unreachable.map((line) => line.request_id).sort()).toEqual([...idOf.values()].sort());
    const whatsappFailed = logged.lines.filter((line) => line.msg === "delivery failed");
    expect(whatsappFailed).toEqual([expect.objectContaining({ otp_id: chained.body.data!.otp_id, request_id: chained.headers.get("x-request-id") })]);
  });

  it("shows each attempt with its route in GET /v3/otp/{otp_id}, and the second route's receipt confirms the OTP", async () => {
    const { first, second } = await twoSmsRoutes();
    first.mode = { kind: "fail", status: 503 };
    const m = await merchant();
    const created = await requestOtp(m.key, { channel: "sms", destination: phone(1) });
    const otpId = created.body.data!.otp_id as string;
    await second.receiptsSettled();
    await applyEarlyReceipts();
    const detail = await getOtpDetail(m.key, otpId);
    expect(detail.body.data).toMatchObject({ status: "success", price: SMS });
    expect(detail.body.data!.deliveries).toEqual([
      expect.objectContaining({ status: "failed", route: "sms-twilio", route_reason: "priority", failure_reason: "vendor_unavailable" }),
      expect.objectContaining({ status: "success", route: "sms-aggregator", route_reason: "failover", price: SMS }),
    ]);
    const db = await getDb();
    const rows = await db.otpDelivery.findMany({ where: { otp: { otpId } }, orderBy: { seq: "asc" } });
    expect(rows.map((r) => [r.seq, r.provider, r.charged, r.deliveredAt !== null])).toEqual([
      [1, "twilio", false, false],
      [2, "http_sms", true, true],
    ]);
  });

  it("refunds once and answers CHANNEL_UNAVAILABLE when every route fails, with both attempts recorded", async () => {
    const { first, second } = await twoSmsRoutes();
    first.mode = { kind: "fail", status: 500 };
    second.mode = { kind: "fail", status: 401 };
    const m = await merchant();
    const res = await requestOtp(m.key, { channel: "sms", destination: phone(2), external_id: "order-77" });
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe("CHANNEL_UNAVAILABLE");
    expect(await saldoOf(m.id)).toBe(100_000);
    const ledger = await ledgerOf(m.id);
    expect(ledger.map((e) => e.reason)).toEqual(["otp_charge", "otp_refund"]);
    expect(ledger[0].reference).toBe(ledger[1].reference);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
    const db = await getDb();
    const rows = await db.otpDelivery.findMany({ where: { otp: { merchantId: m.id } }, orderBy: { seq: "asc" } });
    expect(rows.map((r) => [r.route, r.routeReason, r.status, r.charged])).toEqual([
      ["sms-twilio", "priority", "failed", false],
      ["sms-aggregator", "failover", "failed", false],
    ]);
    // The external_id is free again for a retry, which now goes through once a route is back.
    second.mode = { kind: "ok" };
    const retry = await requestOtp(m.key, { channel: "sms", destination: phone(2), external_id: "order-77" });
    expect(retry.status).toBe(200);
    expect((retry.body.data!.deliveries as unknown[]).at(-1)).toMatchObject({ status: "sent", route: "sms-aggregator" });
  });

  it("does not fail over a recipient the vendor refused: one failed attempt, refunded", async () => {
    const { first, second } = await twoSmsRoutes();
    first.mode = { kind: "reject" };
    const m = await merchant();
    const res = await requestOtp(m.key, { channel: "sms", destination: phone(3) });
    expect(res.body.data).toMatchObject({ status: "failed", last_balance: 100_000 });
    expect(res.body.data!.deliveries).toEqual([expect.objectContaining({ status: "failed", route: "sms-twilio", failure_reason: "invalid_number" })]);
    expect(second.requests).toHaveLength(0);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("abandons a slow route within the send's budget and sends through the next (outcome and route recorded)", async () => {
    cleanups.push(overrideEnv({ ROUTE_SEND_BUDGET_MS: "3000" }));
    const { first, second } = await twoSmsRoutes();
    first.mode = { kind: "hang" };
    const m = await merchant();
    const res = await requestOtp(m.key, { channel: "sms", destination: phone(4) });
    expect(res.status).toBe(200);
    expect(res.body.data!.deliveries).toEqual([
      expect.objectContaining({ status: "failed", route: "sms-twilio", failure_reason: "vendor_timeout", price: 0 }),
      expect.objectContaining({ status: "sent", route: "sms-aggregator", route_reason: "failover", price: SMS }),
    ]);
    expect(first.requests).toHaveLength(1);
    expect(second.accepted).toHaveLength(1);
    expect(await saldoOf(m.id)).toBe(100_000 - SMS);
    expect((await ledgerOf(m.id)).map((e) => e.reason)).toEqual(["otp_charge"]);
  });

  it("fails over inside a channel fallback too, and a later failed receipt refunds that fallback's one charge", async () => {
    const { first, second } = await twoSmsRoutes();
    first.mode = { kind: "fail", status: 500 };
    second.mode = { kind: "receipt_never" };
    const m = await merchant();
    // The sandbox's WhatsApp fails …0002 at once, so the SMS fallback goes out before the answer.
    const res = await requestOtp(m.key, { channel: "whatsapp", destination: "6281234560002", fallback: ["sms"] });
    const otpId = res.body.data!.otp_id as string;
    expect(res.body.data!.deliveries).toEqual([
      expect.objectContaining({ channel: "whatsapp", status: "failed", route: "sandbox", price: 0 }),
      expect.objectContaining({ channel: "sms", status: "failed", route: "sms-twilio", route_reason: "priority", price: 0 }),
      expect.objectContaining({ channel: "sms", status: "sent", route: "sms-aggregator", route_reason: "failover", price: SMS }),
    ]);
    expect((await ledgerOf(m.id)).map((e) => [e.reason, e.reference])).toEqual([
      ["otp_charge", otpId],
      ["otp_refund", otpId],
      ["otp_charge", `${otpId}:2`],
    ]);

    // The aggregator reports later that the SMS never arrived: the charge the failover carried is refunded once.
    const receipt = JSON.stringify({ message_id: second.accepted[0].messageId, reference: otpId, status: "expired", error_code: "TTL" });
    const signature = `sha256=${createHmac("sha256", second.secret).update(receipt).digest("hex")}`;
    const hook = "http://localhost:3000/api/hooks/http-sms/sms-aggregator";
    await postToHooks(hook, { method: "POST", headers: { "content-type": "application/json", "x-signature": signature }, body: receipt });
    await postToHooks(hook, { method: "POST", headers: { "content-type": "application/json", "x-signature": signature }, body: receipt });
    expect((await ledgerOf(m.id)).at(-1)).toMatchObject({ reason: "otp_refund", reference: `${otpId}:2` });
    expect(await ledgerOf(m.id)).toHaveLength(4);
    expect(await saldoOf(m.id)).toBe(100_000);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
    expect((await getOtpDetail(m.key, otpId)).body.data).toMatchObject({ status: "failed", price: 0 });
    // A receipt signed with another secret is refused.
    const forged = await postToHooks(hook, { method: "POST", headers: { "content-type": "application/json", "x-signature": "sha256=00" }, body: receipt }).catch((err: Error) => err.message);
    expect(forged).toMatch(/answered 401/);
  });

  it("checks a Twilio route's and a WhatsApp route's receipts with the route's own secrets", async () => {
    const twilio = await vendor("twilio");
    const whatsapp = await startRouteVendor("whatsapp_cloud", { receipts: postToHooks, whatsappHookUrl: WHATSAPP_HOOK_URL });
    cleanups.push(whatsapp.close);
    cleanups.push(overrideEnv({ WHATSAPP_APP_SECRET: undefined, TWILIO_AUTH_TOKEN: undefined }));
    await addRoute({ name: "sms-twilio-b", channel: "sms", adapter: "twilio", config: twilio.routeConfig() });
    await addRoute({ name: "wa-second-number", channel: "whatsapp", adapter: "whatsapp_cloud", config: whatsapp.routeConfig() });
    const m = await merchant();
    const sms = await requestOtp(m.key, { channel: "sms", destination: phone(8) });
    const wa = await requestOtp(m.key, { channel: "whatsapp", destination: phone(9) });
    expect(new URL(new URLSearchParams(twilio.requests[0].body).get("StatusCallback")!).searchParams.get("route")).toBe("sms-twilio-b");
    // Each receipt was accepted (a refused one makes receiptsSettled throw) and confirms its OTP.
    await twilio.receiptsSettled();
    await whatsapp.receiptsSettled();
    await applyEarlyReceipts();
    for (const created of [sms, wa]) {
      const detail = await getOtpDetail(m.key, created.body.data!.otp_id as string);
      expect(detail.body.data).toMatchObject({ status: "success" });
    }
    expect((await getOtpDetail(m.key, wa.body.data!.otp_id as string)).body.data!.deliveries).toEqual([expect.objectContaining({ route: "wa-second-number", route_reason: "only_route" })]);
  });

  it("skips a disabled route and routes by prefix: a Telkomsel-only route serves only its prefixes", async () => {
    const { first, second } = await twoSmsRoutes();
    const telkomsel = await vendor("http_sms");
    await addRoute({ name: "sms-telkomsel", channel: "sms", adapter: "http_sms", config: telkomsel.routeConfig(), priority: 1, prefixes: ["62811", "62812", "62813"] });
    await setRouteEnabled("sms-twilio", false);
    const m = await merchant();
    const toTelkomsel = await requestOtp(m.key, { channel: "sms", destination: "6281212345678" });
    const toIndosat = await requestOtp(m.key, { channel: "sms", destination: "6285712345678" });
    expect(toTelkomsel.body.data!.deliveries).toEqual([expect.objectContaining({ status: "sent", route: "sms-telkomsel", route_reason: "priority" })]);
    expect(toIndosat.body.data!.deliveries).toEqual([expect.objectContaining({ status: "sent", route: "sms-aggregator", route_reason: "only_route" })]);
    expect(first.requests).toHaveLength(0);
    expect([telkomsel.accepted.length, second.accepted.length]).toEqual([1, 1]);
  });

  it("refuses a destination no route takes when no vendor is configured: never the sandbox on a live channel, nothing charged", async () => {
    const telkomsel = await vendor("http_sms");
    await addRoute({ name: "sms-telkomsel", channel: "sms", adapter: "http_sms", config: telkomsel.routeConfig(), prefixes: ["62811", "62812", "62813"] });
    const m = await merchant();
    const toIndosat = await requestOtp(m.key, { channel: "sms", destination: "6285712345678" });
    expect(toIndosat.status).toBe(503);
    expect(toIndosat.body.error?.code).toBe("CHANNEL_UNAVAILABLE");
    expect(await saldoOf(m.id)).toBe(100_000);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
    const db = await getDb();
    const rows = await db.otpDelivery.findMany({ where: { otp: { merchantId: m.id } } });
    expect(rows.map((r) => [r.route, r.status, r.charged, r.failureReason])).toEqual([["no-route", "failed", false, "vendor_unavailable"]]);
    expect(await db.sandboxMessage.count({ where: { merchantId: m.id } })).toBe(0);
    // With a fallback channel the unroutable send hands over, as an unreachable vendor does.
    const chained = await requestOtp(m.key, { channel: "sms", destination: "6285712345679", fallback: ["whatsapp"] });
    expect(chained.status).toBe(200);
    expect(chained.body.data!.deliveries).toEqual([
      expect.objectContaining({ channel: "sms", status: "failed", route: "no-route" }),
      expect.objectContaining({ channel: "whatsapp", status: "sent", route: "sandbox" }),
    ]);
    expect(telkomsel.requests).toHaveLength(0);
  });

  it("keeps environment-only configuration as one route per channel, and test mode on the sandbox", async () => {
    const m = await merchant();
    const live = await requestOtp(m.key, { channel: "sms", destination: phone(5) });
    expect(live.body.data!.deliveries).toEqual([expect.objectContaining({ status: "sent", route: "sandbox", route_reason: "only_route" })]);
    const sim = await vendor("twilio");
    cleanups.push(overrideEnv({ TWILIO_ACCOUNT_SID: "ACenv", TWILIO_AUTH_TOKEN: sim.secret, TWILIO_FROM_NUMBER: "+6281100000009", TWILIO_API_BASE_URL: sim.baseUrl }));
    const viaEnv = await requestOtp(m.key, { channel: "sms", destination: phone(6) });
    expect(viaEnv.body.data!.deliveries).toEqual([expect.objectContaining({ status: "sent", route: "env-sms", route_reason: "only_route" })]);
    const test = await requestOtp(m.testKey, { channel: "sms", destination: phone(7) });
    expect(test.body.data!.deliveries).toEqual([expect.objectContaining({ route: "sandbox" })]);
    // The environment's Twilio status callbacks still verify with TWILIO_AUTH_TOKEN.
    await sim.receiptsSettled();
    expect(sim.accepted).toHaveLength(1);
  });
});
