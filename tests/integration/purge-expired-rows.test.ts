// Rows deleted by age instead of partitioned: expired idempotency keys and old
// webhook events with their deliveries and attempts.
import { describe, expect, it } from "vitest";
import { getPool } from "@/server/db/client";
import { purgeExpiredIdempotencyKeys, purgeOldWebhookEvents } from "@/server/services/retention/purge-expired-rows";
import { overrideEnv } from "../harness/env-override";
import { newMerchant, requestOtp } from "../harness/v3-fixtures";

const HOUR = 60 * 60 * 1000;

async function count(table: string): Promise<number> {
  const pool = await getPool();
  return (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
}

describe("purging expired rows", () => {
  it("deletes idempotency keys past the 24-hour window (plus an hour), in batches, and keeps younger ones", async () => {
    const pool = await getPool();
    await pool.query(
      `INSERT INTO idempotency_keys (merchant_id, external_id, otp_id, fingerprint, created_at)
       SELECT 1, 'old-' || g, 'otp', 'f', now() - interval '26 hours' FROM generate_series(1, 25) g
       UNION ALL SELECT 1, 'edge', 'otp', 'f', now() - interval '24 hours 30 minutes'
       UNION ALL SELECT 1, 'young', 'otp', 'f', now() - interval '1 hour'`,
    );
    expect(await purgeExpiredIdempotencyKeys({ batchSize: 10 })).toBe(25);
    expect((await pool.query(`SELECT external_id FROM idempotency_keys ORDER BY 1`)).rows).toEqual([{ external_id: "edge" }, { external_id: "young" }]);
  });

  it("lets an expired key be claimed again by a new request after it is gone, as within the window's rules", async () => {
    const m = await newMerchant();
    const first = await requestOtp(m.key, { channel: "sms", destination: "6281234567890", external_id: "order-1" });
    expect(first.status).toBe(200);
    const pool = await getPool();
    await pool.query(`UPDATE idempotency_keys SET created_at = now() - interval '30 hours'`);
    expect(await purgeExpiredIdempotencyKeys()).toBe(1);
    const again = await requestOtp(m.key, { channel: "sms", destination: "6281234567890", external_id: "order-1" });
    expect(again.status).toBe(200);
    expect(again.body.data!.otp_id).not.toBe(first.body.data!.otp_id);
  });

  it("deletes webhook events older than WEBHOOK_RETENTION_DAYS with their deliveries and attempts", async () => {
    const pool = await getPool();
    await pool.query(`
      INSERT INTO webhook_events (event_id, merchant_id, type, payload, created_at)
      SELECT 'evt_' || g, 1, 'otp.verified', '{}', now() - make_interval(days => CASE WHEN g <= 12 THEN 8 ELSE 1 END) FROM generate_series(1, 15) g;
      INSERT INTO webhook_deliveries (event_id, url, updated_at) SELECT id, 'https://example.com/h', now() FROM webhook_events;
      INSERT INTO webhook_attempts (delivery_id, attempt_number) SELECT id, 1 FROM webhook_deliveries;`);
    const restore = overrideEnv({ WEBHOOK_RETENTION_DAYS: "7" });
    try {
      expect(await purgeOldWebhookEvents({ batchSize: 5 })).toBe(12);
    } finally {
      restore();
    }
    expect([await count("webhook_events"), await count("webhook_deliveries"), await count("webhook_attempts")]).toEqual([3, 3, 3]);
    expect(await purgeOldWebhookEvents({ now: new Date(Date.now() - 10 * HOUR) })).toBe(0);
  });
});
