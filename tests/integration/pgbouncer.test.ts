// Everything through PgBouncer 1.18 in transaction mode (Debian's package, started by
// this file in front of the test server): the /v3 hot path, the worker's deliveries and
// periodic jobs (retention among them), the dashboard's tRPC procedures (Prisma through
// @prisma/adapter-pg), and the route figures the instances share. With
// DB_POOLER=pgbouncer the hot path's statements go unnamed; migrations and an app not told
// about the pooler refuse it by name.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/env";
import { disconnectDb, getDb } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { checkSchema } from "@/server/db/schema-check";
import { newFiguresCopy, refreshWhenDue } from "@/server/services/routing/figures-snapshot";
import { loadRouteFigures } from "@/server/services/routing/route-figures-query";
import { routingSettings } from "@/server/services/routing/routing-settings";
import { deliverDueWebhooks } from "@/server/services/webhooks/deliver-due";
import { settleTopup } from "@/server/services/topups/settle";
import { periodicJobs } from "@/server/worker/periodic-jobs";
import { captureLog } from "../harness/log-lines";
import { startPgbouncer, type Bouncer } from "../harness/pgbouncer";
import { insertSyntheticSends } from "../harness/synthetic-sends";
import { callerFor } from "../harness/trpc";
import { account, deliveredCode, expectLedgerBalanced, getOtpDetail, newMerchant, requestOtp, verify } from "../harness/v3-fixtures";
import { merchantWithWebhook, verifiedOtpEvent } from "../harness/webhook-merchant";
import { waitFor } from "../harness/wait-for";

const directUrl = process.env.DATABASE_URL!;
const database = new URL(directUrl).pathname.slice(1);
let bouncer: Bouncer;

/** Points the app's pool at the pooler (or back at PostgreSQL) from the next query on. */
async function useDatabase(url: string, pooler: "pgbouncer" | "none") {
  await disconnectDb();
  process.env.DATABASE_URL = url;
  process.env.DB_POOLER = pooler;
  resetEnvForTests();
}

beforeAll(async () => {
  // Fewer server connections than the app's pool, so transactions of one client land on different server connections.
  bouncer = await startPgbouncer(directUrl, { poolSize: 3 });
  await useDatabase(bouncer.url(database), "pgbouncer");
}, 120_000);

afterAll(async () => {
  try {
    await useDatabase(directUrl, "none");
  } finally {
    await bouncer?.stop();
  }
});

async function connected(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

describe("what PgBouncer 1.18 in transaction mode does not carry", () => {
  it("a named prepared statement is unknown once the client's next transaction lands on another server connection", async () => {
    const a = await connected(bouncer.url(database));
    const b = await connected(bouncer.url(database));
    try {
      await a.query({ name: "probe", text: "SELECT $1::int AS n", values: [1] });
      // b holds the server connection a just used (PgBouncer hands out the most recently used first) …
      await b.query("BEGIN");
      await b.query("SELECT 1");
      // … so a's second run, which node-pg sends as "execute the prepared probe", reaches another one.
      await expect(a.query({ name: "probe", text: "SELECT $1::int AS n", values: [2] })).rejects.toThrow(/prepared statement "probe" does not exist/);
      await b.query("COMMIT");
    } finally {
      await a.end();
      await b.end();
    }
  });
});

describe("refusals that name what to change", () => {
  it("start-up refuses a DATABASE_URL that goes through a pooler when DB_POOLER is not set, and accepts it when it is", async () => {
    await useDatabase(bouncer.url(database), "none");
    try {
      await expect(checkSchema(bouncer.url(database))).rejects.toThrow(/goes through a connection pooler .*set DB_POOLER=pgbouncer/);
      await expect(checkSchema(directUrl)).resolves.toBeUndefined();
    } finally {
      await useDatabase(bouncer.url(database), "pgbouncer");
    }
    await expect(checkSchema(bouncer.url(database))).resolves.toBeUndefined();
  });

  it("migrations refuse the pooler before taking the session-level lock, naming MIGRATION_DATABASE_URL", async () => {
    await expect(migrate(bouncer.url(database))).rejects.toThrow(/need a direct connection to PostgreSQL.*MIGRATION_DATABASE_URL/);
    const direct = await connected(directUrl);
    try {
      const { rows } = await direct.query(
        "SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE l.locktype = 'advisory' AND l.objid = 72707369 AND d.datname = $1",
        [database],
      );
      expect(rows).toEqual([]);
    } finally {
      await direct.end();
    }
  });
});

describe("the app through the pooler (DB_POOLER=pgbouncer)", () => {
  it("creates, replays, verifies and reads OTPs from concurrent callers, charging each once, with no DDL at run time", async () => {
    const merchants = await Promise.all([1, 2, 3].map(() => newMerchant({ rateLimit: 100_000 })));
    const created = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const m = merchants[i % 3];
        return requestOtp(m.key, { channel: "sms", destination: `6281377${String(i).padStart(5, "0")}1`, external_id: `order-${i}` }).then((r) => ({ m, i, r }));
      }),
    );
    for (const { r } of created) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const replays = await Promise.all(created.slice(0, 9).map(({ m, i }) => requestOtp(m.key, { channel: "sms", destination: `6281377${String(i).padStart(5, "0")}1`, external_id: `order-${i}` })));
    expect(replays.map((r) => r.body.data!.otp_id)).toEqual(created.slice(0, 9).map(({ r }) => r.body.data!.otp_id));

    const verified = await Promise.all(
      created.map(async ({ m, r }) => {
        const otpId = r.body.data!.otp_id as string;
        return verify(m.key, { otp_id: otpId, otp: await deliveredCode(otpId) });
      }),
    );
    for (const v of verified) expect(v.body.data, JSON.stringify(v.body)).toMatchObject({ verified: true });
    const reads = await Promise.all(created.map(({ m, r }) => getOtpDetail(m.key, r.body.data!.otp_id as string)));
    for (const read of reads) expect(read.body.data).toMatchObject({ status: "verified" });

    for (const m of merchants) {
      const price = created.find((c) => c.m === m)!.r.body.data!.price as number;
      expect((await account(m.key)).body.data).toMatchObject({ saldo: 100_000 - 20 * price });
      expect(await expectLedgerBalanced(m.id)).toBe(true);
    }
    const db = await getDb();
    expect(await db.$queryRawUnsafe("SELECT relname FROM pg_class WHERE relkind = 'S' AND relname LIKE 'otp_ids_%'")).toEqual([]);
  });

  it("runs the worker's webhook deliveries and every periodic job (retention included) without an error", async () => {
    const { m, receiver } = await merchantWithWebhook();
    const { eventId } = await verifiedOtpEvent(m);
    await deliverDueWebhooks();
    await waitFor(() => receiver.received.some((r) => r.body.includes(eventId)), { timeoutMs: 10_000, what: "the otp.verified webhook to arrive" });

    const log = captureLog();
    try {
      await periodicJobs().runDue(new Date());
    } finally {
      log.restore();
    }
    expect(log.lines.filter((line) => line.level === "error")).toEqual([]);
  });

  it("serves the dashboard's tRPC procedures, interactive transactions included (a top-up settled into the ledger)", async () => {
    const m = await newMerchant();
    const caller = callerFor({ merchantPublicId: m.merchantId });
    const otp = await requestOtp(m.key, { channel: "sms", destination: "6281377999999" });
    const invoice = await caller.topups.create({ amount: 10000 });
    await settleTopup(invoice.topup_id, { source: "operator" });
    expect((await caller.topups.list({})).items[0]).toMatchObject({ topup_id: invoice.topup_id, status: "Paid" });
    expect((await caller.reports.ledger({ limit: 20 })).saldo).toBe(100_000 - (otp.body.data!.price as number) + 10_000);
    expect((await caller.reports.transactions({})).items.map((t) => t.otp_id)).toContain(otp.body.data!.otp_id);
    expect(await caller.reports.overview()).toBeTruthy();
    expect((await caller.webhooks.events({})).items).toEqual([]);
  });

  it("shares the route figures between instances: one computes and stores them under the lease, the others adopt them, round after round", async () => {
    const db = await getDb();
    await insertSyntheticSends((text, params) => db.$executeRawUnsafe(text, ...params), 500);
    let aggregates = 0;
    const counted: typeof loadRouteFigures = (...args) => ((aggregates += 1), loadRouteFigures(...args));
    const instances = ["instance-a", "instance-b", "instance-c"].map((tag) => newFiguresCopy({ tag, load: counted }));
    const { refreshMs } = routingSettings();
    /** The instances' clock: each look is at their next interval. */
    let clock = Date.now();
    const look = () => {
      clock += refreshMs;
      return Promise.all(instances.map((copy) => refreshWhenDue(copy, clock)));
    };
    const log = captureLog();
    try {
      for (let round = 1; round <= 3; round++) {
        // The stored figures one interval old, every instance due.
        if (round > 1) await db.$executeRawUnsafe("UPDATE route_figures_shared SET computed_at = computed_at - make_interval(secs => $1::float8)", refreshMs / 1000);
        await look();
        // One that looked while they were being computed adopts them at its next look.
        await look();
        expect(aggregates).toBe(round);
        expect(new Set(instances.map((copy) => copy.snapshot?.asOf.getTime())).size).toBe(1);
      }
    } finally {
      log.restore();
    }
    expect(log.lines.filter((line) => line.level === "warn" || line.level === "error")).toEqual([]);
  });
});
