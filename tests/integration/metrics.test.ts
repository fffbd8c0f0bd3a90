// GET /metrics after scripted flows: every counter moves by exactly what happened,
// and nothing else moves. The comparison is between two scrapes, so counts from
// other tests in this process do not matter.
import { afterEach, describe, expect, it } from "vitest";
import { GET as metricsRoute } from "@/app/metrics/route";
import { breakerFor, resetBreakers } from "@/server/channels/vendors/circuit-breaker";
import { answerScrape, startMetricsServer } from "@/server/metrics-scrape/exposition";
import { applyDeliveryReceipt } from "@/server/services/delivery/receipts";
import { deliverDueWebhooks } from "@/server/services/webhooks/deliver-due";
import { GET as accountRoute, POST as accountPost } from "@/app/v3/account/route";
import { DELETE as unknownPath } from "@/app/v3/[...path]/route";
import { overrideEnv } from "../harness/env-override";
import { readEnvelope, routeParams, v3Request } from "../harness/http";
import { moved, parseExposition, scrapeApp } from "../harness/metrics-scrape";
import { deliveredCode, newMerchant, requestOtp, verify } from "../harness/v3-fixtures";
import { merchantWithWebhook } from "../harness/webhook-merchant";
import { addListEntry } from "@/server/services/fraud/lists";
import { operatorOn } from "@/server/services/audit/record-audit";
import { startVendorSimulator } from "../simulators/http-vendor-simulator";

const TOKEN = "metrics-token-metrics-token-metrics-0001";
const PHONE = "6281234567890";

const restores: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  while (restores.length) await restores.pop()!();
  resetBreakers();
});

function withEnv(vars: Record<string, string | undefined>) {
  restores.push(overrideEnv({ METRICS_TOKEN: TOKEN, ...vars }));
}

/** Counters and histogram counts only: sums and buckets depend on timing. */
function countersMoved(before: Map<string, number>, after: Map<string, number>) {
  return Object.fromEntries(Object.entries(moved(before, after, "sandi_")).filter(([series]) => /^sandi_\w+(_total|_count)[{ ]?/.test(series) && !series.includes("_bucket")));
}

describe("GET /metrics access", () => {
  it("does not exist on the app's port without METRICS_TOKEN", async () => {
    restores.push(overrideEnv({ METRICS_TOKEN: undefined }));
    const response = await metricsRoute(new Request("http://localhost:3000/metrics"));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("sandi_");
  });

  it("asks for the token as a bearer and refuses a wrong one", async () => {
    withEnv({});
    for (const authorization of [undefined, "Bearer wrong", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await metricsRoute(new Request("http://localhost:3000/metrics", { headers: authorization ? { authorization } : {} }));
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await response.text()).not.toContain("sandi_");
    }
    const ok = await metricsRoute(new Request("http://localhost:3000/metrics", { headers: { authorization: `Bearer ${TOKEN}` } }));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await ok.text()).toContain("# TYPE sandi_v3_requests_total counter");
  });

  it("serves the separate METRICS_PORT listener without a token, or with it when one is set", async () => {
    restores.push(overrideEnv({ METRICS_TOKEN: undefined }));
    const server = await startMetricsServer(0, "127.0.0.1");
    restores.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as { port: number };
    const open = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(open.status).toBe(200);
    expect(parseExposition(await open.text()).has("sandi_db_pool_max_connections")).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);

    withEnv({});
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect((await answerScrape(`Bearer ${TOKEN}`, "app")).status).toBe(200);
  });
});

describe("counters after a scripted flow", () => {
  it("move by exactly the creations, failed delivery, verifications and webhook attempts that happened", async () => {
    withEnv({});
    const before = await scrapeApp(TOKEN);

    const { m: a } = await merchantWithWebhook(() => ({ status: 200 }));
    const { m: b } = await merchantWithWebhook(() => ({ status: 500 }));
    const sms = await requestOtp(a.key, { channel: "sms", destination: PHONE });
    const wa = await requestOtp(a.key, { channel: "whatsapp", destination: PHONE });
    for (const body of [
      { channel: "email", destination: "budi@example.co.id" },
      { channel: "voice", destination: PHONE },
      { channel: "misscall", destination: PHONE },
      { channel: "whatsapp_inbound", destination: PHONE },
    ]) {
      expect((await requestOtp(a.key, body)).status).toBe(200);
    }
    expect((await requestOtp(a.key, { channel: "sms", destination: "6281234560000" })).body.data?.status).toBe("failed");
    const smsId = sms.body.data!.otp_id as string;
    expect((await verify(a.key, { otp_id: smsId, otp: await deliveredCode(smsId) })).body.data?.verified).toBe(true);
    const waId = wa.body.data!.otp_id as string;
    const wrong = (await deliveredCode(waId)).replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    expect((await verify(a.key, { otp_id: waId, otp: wrong })).body.data?.verified).toBe(false);
    const bOtp = (await requestOtp(b.key, { channel: "sms", destination: PHONE })).body.data!.otp_id as string;
    expect((await verify(b.key, { otp_id: bOtp, otp: await deliveredCode(bOtp) })).body.data?.verified).toBe(true);
    expect((await readEnvelope(await accountRoute(v3Request("/v3/account")))).status).toBe(401);
    expect(await deliverDueWebhooks()).toBe(2);

    const after = await scrapeApp(TOKEN);
    expect(countersMoved(before, after)).toEqual({
      'sandi_v3_requests_total{code="",method="POST",route="/v3/request",status="200"}': 8,
      'sandi_v3_requests_total{code="",method="POST",route="/v3/verify",status="200"}': 3,
      'sandi_v3_requests_total{code="UNAUTHORIZED",method="GET",route="/v3/account",status="401"}': 1,
      'sandi_v3_request_duration_seconds_count{route="/v3/request"}': 8,
      'sandi_v3_request_duration_seconds_count{route="/v3/verify"}': 3,
      'sandi_v3_request_duration_seconds_count{route="/v3/account"}': 1,
      'sandi_otp_creations_total{channel="sms",outcome="sent",provider="sandbox"}': 2,
      'sandi_otp_creations_total{channel="whatsapp",outcome="sent",provider="sandbox"}': 1,
      'sandi_otp_creations_total{channel="email",outcome="sent",provider="sandbox"}': 1,
      'sandi_otp_creations_total{channel="voice",outcome="sent",provider="sandbox"}': 1,
      'sandi_otp_creations_total{channel="misscall",outcome="sent",provider="sandbox"}': 1,
      'sandi_otp_creations_total{channel="whatsapp_inbound",outcome="pending",provider="sandbox"}': 1,
      'sandi_otp_creations_total{channel="sms",outcome="failed",provider="sandbox"}': 1,
      'sandi_otp_deliveries_total{status="sent",vendor="sandbox"}': 6,
      'sandi_otp_deliveries_total{status="failed",vendor="sandbox"}': 1,
      'sandi_otp_verifications_total{result="verified"}': 2,
      'sandi_otp_verifications_total{result="mismatch"}': 1,
      'sandi_webhook_deliveries_total{outcome="succeeded"}': 1,
      'sandi_webhook_deliveries_total{outcome="retry"}': 1,
    });
    // B's delivery waits for its retry; nothing is due now.
    expect(after.get('sandi_webhook_queue_depth{state="waiting_retry"}')).toBe(1);
    expect(after.get('sandi_webhook_queue_depth{state="due"}')).toBe(0);
    expect(after.get("sandi_webhook_oldest_due_age_seconds")).toBe(0);
  });

  it("count vendor calls, unreachable sends, the open circuit and receipts by vendor", async () => {
    const sim = await startVendorSimulator((_req, n) => (n === 1 ? { status: 201, json: { sid: "SM0001" } } : { status: 503 }));
    restores.push(sim.close);
    withEnv({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM_NUMBER: "+1500", TWILIO_API_BASE_URL: sim.baseUrl });
    const before = await scrapeApp(TOKEN);
    const m = await newMerchant();
    const sent = await requestOtp(m.key, { channel: "sms", destination: PHONE });
    expect(sent.body.data?.status).toBe("sent");
    // Five 503s open the circuit; the sixth send is refused without calling Twilio.
    for (let i = 0; i < 6; i++) expect((await requestOtp(m.key, { channel: "sms", destination: PHONE })).body.error?.code).toBe("CHANNEL_UNAVAILABLE");
    expect(sim.requests).toHaveLength(6);
    expect(breakerFor("twilio").open).toBe(true);
    await applyDeliveryReceipt({ provider: "twilio", providerMessageId: "SM0001", otpId: sent.body.data!.otp_id as string, outcome: "success" });

    const after = await scrapeApp(TOKEN);
    expect(countersMoved(before, after)).toEqual({
      'sandi_v3_requests_total{code="",method="POST",route="/v3/request",status="200"}': 1,
      'sandi_v3_requests_total{code="CHANNEL_UNAVAILABLE",method="POST",route="/v3/request",status="503"}': 6,
      'sandi_v3_request_duration_seconds_count{route="/v3/request"}': 7,
      'sandi_otp_creations_total{channel="sms",outcome="sent",provider="twilio"}': 1,
      'sandi_otp_creations_total{channel="sms",outcome="vendor_unavailable",provider="twilio"}': 6,
      'sandi_otp_deliveries_total{status="sent",vendor="twilio"}': 1,
      'sandi_otp_deliveries_total{status="unavailable",vendor="twilio"}': 6,
      'sandi_vendor_request_duration_seconds_count{outcome="ok",vendor="twilio"}': 1,
      'sandi_vendor_request_duration_seconds_count{outcome="unavailable",vendor="twilio"}': 5,
      'sandi_delivery_receipts_total{status="success",vendor="twilio"}': 1,
    });
    expect(after.get('sandi_vendor_circuit_open{vendor="twilio"}')).toBe(1);
  });

  it("count the answers given before authentication: an unknown path and a method the route lacks", async () => {
    withEnv({});
    const before = await scrapeApp(TOKEN);
    expect((await unknownPath(v3Request("/v3/no-such-thing", { method: "DELETE" }), routeParams({ path: ["no-such-thing"] }))).status).toBe(404);
    expect((await accountPost(v3Request("/v3/account", { method: "POST", body: {} }))).status).toBe(405);
    const after = await scrapeApp(TOKEN);
    expect(moved(before, after, "sandi_v3_requests_total")).toEqual({
      'sandi_v3_requests_total{code="NOT_FOUND",method="DELETE",route="other",status="404"}': 1,
      'sandi_v3_requests_total{code="METHOD_NOT_ALLOWED",method="POST",route="/v3/account",status="405"}': 1,
    });
  });

  it("count rate-limit refusals by kind from the /v3 answers", async () => {
    withEnv({});
    // A limit of one per second: ten requests at once cannot all fall in different seconds.
    const m = await newMerchant({ rateLimit: 1 });
    const before = await scrapeApp(TOKEN);
    const answers = await Promise.all(Array.from({ length: 10 }, () => accountRoute(v3Request("/v3/account", { key: m.key }))));
    const refused = answers.filter((r) => r.status === 429).length;
    expect(refused).toBeGreaterThan(0);
    const after = await scrapeApp(TOKEN);
    expect(moved(before, after, "sandi_rate_limit_refusals_total")).toEqual({ 'sandi_rate_limit_refusals_total{kind="api_key"}': refused });
  });

  it("count fraud guard refusals by reason and level, with no merchant label", async () => {
    withEnv({});
    const m = await newMerchant();
    await addListEntry(m.id, { list: "block", value: "6289955550000" }, operatorOn(m.id));
    const before = await scrapeApp(TOKEN);
    expect((await requestOtp(m.key, { channel: "sms", destination: "6289955550000" })).body.error?.code).toBe("FRAUD_BLOCKED");
    expect((await requestOtp(m.key, { channel: "sms", destination: "447700900123" })).body.error?.code).toBe("GEO_NOT_ALLOWED");
    const after = await scrapeApp(TOKEN);
    // The harness starts merchants with detection off: the level label says so.
    expect(moved(before, after, "sandi_fraud_refusals_total")).toEqual({
      'sandi_fraud_refusals_total{level="off",reason="blocklist"}': 1,
      'sandi_fraud_refusals_total{level="off",reason="geo"}': 1,
    });
  });
});
