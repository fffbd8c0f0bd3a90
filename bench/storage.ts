// `npm run bench:storage`: bytes written per OTP and what the default retention
// keeps at 1,000 OTP/s (docs/data-retention.md). Starts its own throw-away
// PostgreSQL (the embedded server in a temporary DATA_DIR, so the WAL it counts is
// this run's alone), migrates it, and drives whole OTP lives through the real /v3
// route handlers in this process: creation with an external_id (sandbox vendor),
// the delivery receipt, verification with the right code, every lifecycle webhook
// event delivered to a local receiver, the API log flushed. It measures
// pg_total_relation_size (tables + indexes + TOAST) per table and the WAL
// (pg_current_wal_lsn) before and after, then the purge jobs' capacity on aged
// rows and the time to drop a day of the API log. Prints Markdown and writes it with
// the JSON under bench/results/storage-<time>.{md,json}.
//
// Knobs (env): BENCH_STORAGE_OTPS (2000), BENCH_STORAGE_CONCURRENCY (8),
// BENCH_STORAGE_PURGE_ROWS (200000).
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { keepResults } from "./lib/kept-results";

const N = Number(process.env.BENCH_STORAGE_OTPS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_STORAGE_CONCURRENCY ?? 8);
const PURGE_ROWS = Number(process.env.BENCH_STORAGE_PURGE_ROWS ?? 200_000);
const RATE = 1_000; // OTP/s, the sizing target
const DAY_S = 86_400;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandi-storage-"));
delete process.env.DATABASE_URL;
delete process.env.MIGRATION_DATABASE_URL;
delete process.env.REDIS_URL;
Object.assign(process.env, { DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE_URLS: "1", LOG_REQUESTS: "0", FRAUD_GUARD_DEFAULT: "off" });

const { resolveDatabase } = await import("@/server/db/database-url");
const { migrate } = await import("@/server/db/migrate");
const { getEnv } = await import("@/env");
const { disconnectDb } = await import("@/server/db/client");
const { updateMerchant } = await import("@/server/services/merchants/merchants");
const { chooseWebhookEventTypes } = await import("@/server/services/webhooks/manage");
const { deliverDueWebhooks } = await import("@/server/services/webhooks/deliver-due");
const { applySandboxReceipts } = await import("@/server/services/delivery/receipts");
const { flushApiLog } = await import("@/server/services/api-log/api-log-writer");
const { purgeOldApiLog } = await import("@/server/services/api-log/purge-api-log");
const { PASS_BUDGET_MS, PURGE_EVERY_MS, purgeExpiredIdempotencyKeys, purgeOldWebhookEvents } = await import("@/server/services/retention/purge-expired-rows");
const { OTP_EVENT_TYPES } = await import("@/schemas/v3/events");
const { deliveredCode, newMerchant, requestOtp, verify } = await import("../tests/harness/v3-fixtures");

const server = await resolveDatabase();
// The throw-away server goes whatever happens.
process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void server.stop().finally(() => process.exit(1)));
try {
  await migrate(server.url);
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();

  type TableSize = { table: string; bytes: number; rows: number };

  /** Every table with its partitions folded in: bytes (heap, indexes, TOAST, maps) and rows. */
  async function sizes(): Promise<Map<string, TableSize>> {
    const { rows } = await client.query<{ table: string; bytes: string; oids: string[] }>(`
      SELECT COALESCE(p.relname, c.relname)::text AS table, sum(pg_total_relation_size(c.oid))::text AS bytes, array_agg(c.oid::regclass::text) AS oids
      FROM pg_class c LEFT JOIN pg_inherits i ON i.inhrelid = c.oid LEFT JOIN pg_class p ON p.oid = i.inhparent
      WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace GROUP BY 1`);
    const out = new Map<string, TableSize>();
    for (const r of rows) {
      const { rows: n } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${r.table}"`);
      out.set(r.table, { table: r.table, bytes: Number(r.bytes), rows: n[0].n });
    }
    return out;
  }

  async function walLsn(): Promise<string> {
    return (await client.query<{ lsn: string }>(`SELECT pg_current_wal_lsn()::text AS lsn`)).rows[0].lsn;
  }

  async function walSince(lsn: string): Promise<number> {
    return Number((await client.query<{ d: string }>(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::text AS d`, [lsn])).rows[0].d);
  }

  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200).end("ok"));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;

  const merchant = await newMerchant({ saldo: 1_000_000_000, rateLimit: 100_000 });
  await updateMerchant(merchant.id, { webhookUrl: receiverUrl });
  await chooseWebhookEventTypes(merchant.id, [...OTP_EVENT_TYPES]);

  let sequence = 0;
  async function oneOtpLife(): Promise<void> {
    const n = ++sequence;
    const destination = `62812${String(10_000_000 + n).slice(-8)}`;
    const created = await requestOtp(merchant.key, { channel: "sms", destination, external_id: `order-${n}` });
    const otpId = (created.body.data as { otp_id?: string } | null)?.otp_id;
    if (!otpId) throw new Error(`creation failed: ${JSON.stringify(created.body)}`);
    const verified = await verify(merchant.key, { otp_id: otpId, otp: await deliveredCode(otpId) });
    if (!(verified.body.data as { verified?: boolean } | null)?.verified) throw new Error(`verification failed: ${JSON.stringify(verified.body)}`);
  }

  async function settle(): Promise<void> {
    while ((await applySandboxReceipts(new Date(Date.now() + 60_000))) > 0);
    while ((await deliverDueWebhooks({ batchSize: 100 })) > 0);
    await flushApiLog();
  }

  async function lives(count: number): Promise<number> {
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < count) {
          next++;
          await oneOtpLife();
        }
      }),
    );
    await settle();
    return (performance.now() - started) / 1000;
  }

  await lives(100); // warm-up: first pages, plans, connections
  await client.query("CHECKPOINT");
  const before = await sizes();
  const lsn = await walLsn();
  const seconds = await lives(N);
  const wal = await walSince(lsn);
  const after = await sizes();

  const env = getEnv();
  type Row = { table: string; rowsPerOtp: number; bytesPerOtp: number; retention: string; keptDays: number | null };
  const RETENTION: Record<string, { label: string; days: number | null }> = {
    api_request_logs: { label: `${env.API_LOG_RETENTION_DAYS} days (+ up to 1, whole days dropped)`, days: env.API_LOG_RETENTION_DAYS + 1 },
    idempotency_keys: { label: "25 hours (24 h window + 1 h)", days: 25 / 24 },
    webhook_events: { label: `${env.WEBHOOK_RETENTION_DAYS} days`, days: env.WEBHOOK_RETENTION_DAYS },
    webhook_deliveries: { label: `with their event (${env.WEBHOOK_RETENTION_DAYS} days)`, days: env.WEBHOOK_RETENTION_DAYS },
    webhook_attempts: { label: `with their event (${env.WEBHOOK_RETENTION_DAYS} days)`, days: env.WEBHOOK_RETENTION_DAYS },
    sandbox_messages: { label: "7 days (sandbox vendor only)", days: 7 },
  };
  const rows: Row[] = [...after.values()]
    .map((a) => {
      const b = before.get(a.table) ?? { bytes: 0, rows: 0 };
      const r = RETENTION[a.table];
      return { table: a.table, rowsPerOtp: (a.rows - b.rows) / N, bytesPerOtp: (a.bytes - b.bytes) / N, retention: r?.label ?? "kept (records)", keptDays: r?.days ?? null };
    })
    // Tables whose rows do not grow per OTP (merchants: saldo updates) only show bloat that vacuum reclaims.
    .filter((r) => r.rowsPerOtp > 0)
    .sort((x, y) => y.bytesPerOtp - x.bytesPerOtp);

  // Purge capacity on aged rows: what one worker deletes per second while purging.
  async function timed(run: () => Promise<unknown>): Promise<number> {
    const t = performance.now();
    await run();
    return (performance.now() - t) / 1000;
  }
  await client.query(`
    INSERT INTO idempotency_keys (merchant_id, external_id, otp_id, fingerprint, created_at)
    SELECT $1, 'aged-' || g, 'OTP' || g, md5(g::text) || md5(g::text), now() - interval '2 days' FROM generate_series(1, $2::int) g`, [merchant.id, PURGE_ROWS]);
  let keysDeleted = 0;
  const keysSeconds = await timed(async () => (keysDeleted = await purgeExpiredIdempotencyKeys({ budgetMs: 3_600_000 })));
  const events = Math.round(PURGE_ROWS / 3);
  await client.query(`
    INSERT INTO webhook_events (event_id, merchant_id, type, payload, created_at)
    SELECT 'evt_aged_' || g, $1, 'otp.verified', (SELECT payload FROM webhook_events ORDER BY id DESC LIMIT 1), now() - interval '60 days'
    FROM generate_series(1, $2::int) g`, [merchant.id, events]);
  await client.query(`INSERT INTO webhook_deliveries (event_id, url, status, attempt_count, updated_at) SELECT id, 'https://example.com/hook', 'succeeded', 1, now() FROM webhook_events WHERE event_id LIKE 'evt_aged_%'`);
  await client.query(`INSERT INTO webhook_attempts (delivery_id, attempt_number, status_code, latency_ms) SELECT d.id, 1, 200, 40 FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE e.event_id LIKE 'evt_aged_%'`);
  // Every event counts as old here (the aged ones have the highest ids, and the purge goes oldest id first).
  let eventsDeleted = 0;
  const eventsSeconds = await timed(async () => (eventsDeleted = await purgeOldWebhookEvents({ budgetMs: 3_600_000, now: new Date(Date.now() + 90 * 86_400_000) })));
  const day = 24 * 60 * 60 * 1000;
  const agedDay = new Date(Date.now() - 20 * day);
  await purgeOldApiLog(agedDay); // the partitions of 20 days ago
  await client.query(`
    INSERT INTO api_request_logs (merchant_id, created_at, method, path, status, latency_ms, request_id, key_prefix, client_ip, request_body)
    SELECT $1, $2::timestamptz + (g % 3600) * interval '1 second', 'POST', '/v3/request', 200, 12, 'req_' || g, 'sk_live_abcd', '203.0.113.10',
           '{"channel":"sms","destination":"62812******90","external_id":"order-' || g || '"}'
    FROM generate_series(1, $3::int) g`, [merchant.id, agedDay, PURGE_ROWS]);
  const dropSeconds = await timed(() => purgeOldApiLog());

  const perOtp = rows.reduce((s, r) => s + r.bytesPerOtp, 0);
  const perOtpProduction = rows.filter((r) => r.table !== "sandbox_messages").reduce((s, r) => s + r.bytesPerOtp, 0);
  const bounded = rows.filter((r) => r.keptDays !== null && r.table !== "sandbox_messages");
  const steadyBytes = bounded.reduce((s, r) => s + r.bytesPerOtp * RATE * DAY_S * r.keptDays!, 0);
  const recordsPerDay = rows.filter((r) => r.keptDays === null).reduce((s, r) => s + r.bytesPerOtp * RATE * DAY_S, 0);
  const rowsPerSecond = (table: string) => (rows.find((r) => r.table === table)?.rowsPerOtp ?? 0) * RATE;
  const keysRate = keysDeleted / keysSeconds;
  const eventsRate = eventsDeleted / eventsSeconds;
  const capacity = [
    // (rows deleted, seconds) are in the JSON; the rate is per second of a running pass.
    { job: "purge-expired-idempotency-keys", deletesPerSecond: keysRate, dutyCycle: PASS_BUDGET_MS / PURGE_EVERY_MS, writesPerSecond: rowsPerSecond("idempotency_keys") },
    { job: "purge-old-webhook-events (events; each with its deliveries and attempts)", deletesPerSecond: eventsRate, dutyCycle: PASS_BUDGET_MS / PURGE_EVERY_MS, writesPerSecond: rowsPerSecond("webhook_events") },
  ].map((c) => ({ ...c, ratio: (c.deletesPerSecond * c.dutyCycle) / c.writesPerSecond }));

  const gib = (b: number) => `${(b / 2 ** 30).toFixed(1)} GiB`;
  const kib = (b: number) => `${(b / 1024).toFixed(2)} KiB`;
  const at = new Date().toISOString();
  const md = [
    `# Storage per OTP (${at})`,
    "",
    `${N} OTP lives (creation with external_id, receipt, verification, every lifecycle webhook delivered, API log) in ${seconds.toFixed(1)} s through the /v3 route handlers, on PostgreSQL ${(await client.query("SHOW server_version")).rows[0].server_version} (embedded, its own WAL). Sizes are pg_total_relation_size deltas (tables + indexes + TOAST).`,
    "",
    "| Table | Rows per OTP | Bytes per OTP | Retention | Kept at 1,000 OTP/s |",
    "|---|---:|---:|---|---:|",
    ...rows.map((r) => `| ${r.table} | ${r.rowsPerOtp.toFixed(2)} | ${r.bytesPerOtp.toFixed(0)} | ${r.retention} | ${r.keptDays === null ? `${gib(r.bytesPerOtp * RATE * DAY_S)} per day` : gib(r.bytesPerOtp * RATE * DAY_S * r.keptDays)} |`),
    "",
    `- Tables + indexes: **${kib(perOtp)} per OTP** (${kib(perOtpProduction)} without sandbox_messages, which only the sandbox vendor writes).`,
    `- WAL: **${kib(wal / N)} per OTP** (${gib((wal / N) * RATE * DAY_S)} per day at 1,000 OTP/s; full-page images after the checkpoint included).`,
    `- Steady state of the purged and partitioned tables at 1,000 OTP/s with the default retention: **${gib(steadyBytes)}**.`,
    `- Records kept (otp_transactions, otp_deliveries, ledger_entries, …): **${gib(recordsPerDay)} per day** at 1,000 OTP/s.`,
    "",
    "| Purge job | Deleted per second while running | Share of the minute it runs | Written per second at 1,000 OTP/s | Capacity / write rate |",
    "|---|---:|---:|---:|---:|",
    ...capacity.map((c) => `| ${c.job} | ${c.deletesPerSecond.toFixed(0)} | ${(c.dutyCycle * 100).toFixed(0)}% | ${c.writesPerSecond.toFixed(0)} | ${c.ratio.toFixed(1)}× |`),
    "",
    `- API log: one day's partition of ${PURGE_ROWS} rows detached and dropped in ${(dropSeconds * 1000).toFixed(0)} ms (a whole day regardless of its size; no per-row work).`,
    "",
  ].join("\n");
  console.log(md);
  keepResults("storage", at, md, { at, otps: N, keysDeleted, keysSeconds, eventsDeleted, eventsSeconds, seconds, walBytes: wal, perOtp, perOtpProduction, steadyBytes, recordsPerDay, rows, capacity, apiLogDayDropMs: dropSeconds * 1000, purgeRows: PURGE_ROWS });

  await client.end();
  receiver.close();
} finally {
  await disconnectDb();
  await server.stop();
}
