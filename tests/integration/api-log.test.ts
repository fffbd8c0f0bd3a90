// The merchant's API request log ("Log API"): every authenticated /v3 request, written
// in batches off the request path, with bodies masked, per mode, kept 14 days.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { flushApiLog } from "@/server/services/api-log/api-log-writer";
import { listApiLog } from "@/server/services/api-log/list-api-log";
import { maskRequestBody } from "@/server/services/api-log/mask-body";
import { purgeOldApiLog } from "@/server/services/api-log/purge-api-log";
import { overrideEnv } from "../harness/env-override";
import { account, newMerchant, requestOtp, sendOtp, verify } from "../harness/v3-fixtures";
import { apiLogFilterSchema } from "@/schemas/dashboard/api-log";
import { callerFor } from "../harness/trpc";


describe("the API request log", () => {
  it("records a refused first call (402) with its reason, key prefix, client IP and request id", async () => {
    const m = await newMerchant({ saldo: 0 });
    const refused = await requestOtp(m.key, { channel: "sms", destination: "6281234567890" });
    expect(refused.status).toBe(402);
    const log = await callerFor({ merchantPublicId: m.merchantId }).reports.apiLog({});
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({
      method: "POST",
      path: "/v3/request",
      status: 402,
      error_code: "INSUFFICIENT_BALANCE",
      request_id: refused.headers.get("x-request-id"),
      key_prefix: m.key.slice(0, 12),
      client_ip: "203.0.113.10",
    });
    expect(JSON.parse(log.items[0].request_body!)).toEqual({ channel: "sms", destination: "6281234567890" });
    expect(log.items[0].time).toMatch(/^\d{1,2} \w{3} \d{4} \d{2}\.\d{2} WIB$/);
  });

  it("masks codes and secrets in stored bodies and never stores the code the merchant sent", async () => {
    const m = await newMerchant();
    const sent = await sendOtp(m.key, { channel: "sms", destination: "6281234567890", otp: "918273" });
    await verify(m.key, { otp_id: sent.body.data!.otp_id, otp: "918273" });
    await flushApiLog();
    const db = await getDb();
    const rows = await db.apiRequestLog.findMany({ where: { merchantId: m.id } });
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.requestBody).not.toContain("918273");
    expect(JSON.parse(rows.find((r) => r.path === "/v3/verify")!.requestBody!)).toEqual({ otp_id: sent.body.data!.otp_id, otp: "••••" });
    expect(JSON.parse(maskRequestBody({ nested: { api_key: "sk_live_x", password: "p", list: [{ secret: "s" }] }, keep: 1 })!)).toEqual({
      nested: { api_key: "••••", password: "••••", list: [{ secret: "••••" }] },
      keep: 1,
    });
    expect(JSON.parse(maskRequestBody({ channel: "sms", signals: { ip: "198.51.100.7", device_id: "d-1", user_agent: "UA" } })!)).toEqual({ channel: "sms", signals: "••••" });
  });

  it("stores a long body cut to 2000 characters, never inside an emoji, with every quote, backslash and control character as sent", async () => {
    const m = await newMerchant();
    const QUOTED = 'q"b\\s\t\u0001';
    // Each "😀" is two UTF-16 units: at an odd offset the cut would fall between them.
    for (const pad of ["x", "xx"]) {
      const long = `${pad}${"😀".repeat(1200)}`;
      const res = await requestOtp(m.key, { channel: "sms", destination: "6281234567890", brand: QUOTED, extra: long });
      expect(res.status).toBeLessThan(500);
    }
    await flushApiLog();
    const db = await getDb();
    const rows = await db.apiRequestLog.findMany({ where: { merchantId: m.id }, orderBy: { id: "asc" } });
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const body = row.requestBody!;
      expect(body.endsWith("…")).toBe(true);
      expect(body.length).toBeLessThanOrEqual(2001);
      expect(body.isWellFormed()).toBe(true);
      expect(body).toContain(`"brand":${JSON.stringify(QUOTED)}`);
    }
  });

  it("filters by outcome, endpoint, error code and request id, pages newest first, and keeps each mode apart", async () => {
    const m = await newMerchant({ saldo: 1000 });
    await requestOtp(m.key, { channel: "sms", destination: "6281234567890" });
    await requestOtp(m.key, { channel: "fax", destination: "6281234567890" });
    const read = await account(m.key);
    await account(m.testKey);
    const all = await listApiLog(m.id, apiLogFilterSchema.parse({ limit: 2 }));
    expect(all.items.map((i) => i.path)).toEqual(["/v3/account", "/v3/request"]);
    expect(all.nextCursor).not.toBeNull();
    expect((await listApiLog(m.id, apiLogFilterSchema.parse({ cursor: all.nextCursor! }))).items.map((i) => i.status)).toEqual([200]);
    expect((await listApiLog(m.id, apiLogFilterSchema.parse({ status: "4xx" }))).items.map((i) => i.error_code)).toEqual(["INVALID_CHANNEL"]);
    expect((await listApiLog(m.id, apiLogFilterSchema.parse({ errorCode: "invalid_channel" }))).items).toHaveLength(1);
    expect((await listApiLog(m.id, apiLogFilterSchema.parse({ path: "/v3/request" }))).items).toHaveLength(2);
    expect((await listApiLog(m.id, apiLogFilterSchema.parse({ requestId: read.headers.get("x-request-id")! }))).items.map((i) => i.path)).toEqual(["/v3/account"]);
    const test = await callerFor({ merchantPublicId: m.merchantId, mode: "test" }).reports.apiLog({});
    expect(test.items.map((i) => i.key_prefix)).toEqual([m.testKey.slice(0, 12)]);
  });

  it("does not log calls that no key identifies (401), and writes nothing when switched off", async () => {
    const m = await newMerchant();
    await account("sk_live_unknownunknownunknownunknownunknown1234");
    const restore = overrideEnv({ API_LOG: "0" });
    try {
      await account(m.key);
    } finally {
      restore();
    }
    await flushApiLog();
    const db = await getDb();
    expect(await db.apiRequestLog.count()).toBe(0);
  });

  it("drops the days older than API_LOG_RETENTION_DAYS by partition and keeps the rest", async () => {
    const m = await newMerchant();
    await account(m.key);
    await flushApiLog();
    const day = 24 * 60 * 60 * 1000;
    const now = new Date();
    await purgeOldApiLog(now); // the coming days' partitions
    const db = await getDb();
    const [today] = await db.apiRequestLog.findMany({ take: 1 });
    const later = await db.apiRequestLog.create({ data: { ...today, id: undefined, createdAt: new Date(now.getTime() + 5 * day), requestId: "later" } });
    // 17 days on, today's rows are past the 14 days; the row written 5 days later is not.
    const purge = await purgeOldApiLog(new Date(now.getTime() + 17 * day));
    expect(purge.dropped).toContain("api_request_logs_before_partitions");
    expect(await db.apiRequestLog.findMany({ select: { requestId: true } })).toEqual([{ requestId: later.requestId }]);
  });
});
