// The end user's `signals` (IP, device id, user agent) are for the fraud guard only:
// never echoed, logged or written to PostgreSQL (docs/fraud.md). After creations that
// carry them, no row of any table (every column, cast to text) and no log line holds
// any of their values, and the merchant's Log API shows the body with them masked.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { flushApiLog } from "@/server/services/api-log/api-log-writer";
import { captureLog } from "../harness/log-lines";
import { callerFor } from "../harness/trpc";
import { newMerchant, PHONE, requestOtp, sendOtp } from "../harness/v3-fixtures";

const SIGNALS = { ip: "198.51.100.173", device_id: "device-7f3a9c1e-unique", user_agent: "SignalProbe/4.2 (unique-ua-Zq81)" };
const VALUES = Object.values(SIGNALS);

/** Every base table outside PostgreSQL's own schemas, with how many of its rows hold `value` anywhere. */
async function rowsHolding(value: string): Promise<Record<string, number>> {
  const db = await getDb();
  const tables = await db.$queryRawUnsafe<{ schema: string; name: string }[]>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  expect(tables.length).toBeGreaterThan(10);
  const found: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const quoted = `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;
    const [row] = await db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM ${quoted} t WHERE strpos(t::text, $1) > 0`, value);
    if (row.n > 0n) found[`${schema}.${name}`] = Number(row.n);
  }
  return found;
}

describe("fraud signals", () => {
  it("are kept in no table and no log line after creations that carry them, and the Log API masks them", async () => {
    const m = await newMerchant();
    const logged = captureLog();
    try {
      expect((await requestOtp(m.key, { channel: "sms", destination: PHONE, signals: SIGNALS })).status).toBe(200);
      expect((await sendOtp(m.key, { channel: "sms", destination: "6281234567891", otp: "482913", signals: SIGNALS })).status).toBe(200);
      await flushApiLog();
    } finally {
      logged.restore();
    }
    // The scan can see: the stored request bodies are there, only their signals are not.
    expect(Object.keys(await rowsHolding("6281234567891"))).toEqual(expect.arrayContaining(["public.api_request_logs", "public.otp_transactions"]));
    for (const value of VALUES) {
      expect(await rowsHolding(value), value).toEqual({});
      expect(JSON.stringify(logged.lines), value).not.toContain(value);
    }
    const shown = await callerFor({ merchantPublicId: m.merchantId }).reports.apiLog({});
    expect(shown.items).toHaveLength(2);
    for (const item of shown.items) expect(JSON.parse(item.request_body!)).toMatchObject({ channel: "sms", signals: "••••" });
  });
});
