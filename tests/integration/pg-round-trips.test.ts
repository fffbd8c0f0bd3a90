// The PostgreSQL round trips one /v3 request makes, counted on the wire: the bench's
// counting proxy (bench/lib/pg-counter-proxy.ts) stands between the app's pool and the
// test database. Each of the hot path's transactions reaches the server as one pipeline
// ended by a single Sync (src/server/db/one-sync-transaction.ts), so no ReadyForQuery
// answers a statement in the middle of a transaction. The rest of the traffic (cache
// refreshes, the API log's batches, the otp_id block, a pool's new connections) comes
// and goes with timing; the counts below hold whatever of it a request meets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disconnectDb } from "@/server/db/client";
import { PgCounterProxy, type WireCounts } from "../../bench/lib/pg-counter-proxy";
import { overrideEnv } from "../harness/env-override";
import { databaseUrl } from "../harness/per-file-database";
import { deliveredCode, newMerchant, requestOtp, verify, wrongCode } from "../harness/v3-fixtures";

let proxy: PgCounterProxy;
let restoreEnv: () => void;

beforeAll(async () => {
  const target = new URL(databaseUrl);
  proxy = new PgCounterProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(await proxy.listen());
  await disconnectDb();
  restoreEnv = overrideEnv({ DATABASE_URL: url.toString() });
});

afterAll(async () => {
  await disconnectDb();
  restoreEnv();
  await proxy.close();
});

let phone = 60_000_000;
const nextPhone = () => `62817${String((phone += 1))}`;

type Counted = Pick<WireCounts, "roundTripsInTransaction" | "transactions" | "rollbacks" | "flushedCommits">;

async function countsOf(request: () => Promise<{ status: number }>, status = 200): Promise<Counted> {
  const before = proxy.snapshot();
  expect((await request()).status).toBe(status);
  const after = proxy.snapshot();
  return {
    roundTripsInTransaction: after.roundTripsInTransaction - before.roundTripsInTransaction,
    transactions: after.transactions - before.transactions,
    rollbacks: after.rollbacks - before.rollbacks,
    flushedCommits: after.flushedCommits - before.flushedCommits,
  };
}

describe("PostgreSQL round trips per /v3 request", () => {
  it("a creation: no round trip inside a transaction, and only the send's record waits for a WAL flush", async () => {
    const m = await newMerchant({ saldo: 450 * 100 });
    // The first creation looks up the key and takes a block of otp_ids.
    expect((await requestOtp(m.key, { channel: "sms", destination: nextPhone() })).status).toBe(200);
    const c = await countsOf(() => requestOtp(m.key, { channel: "sms", destination: nextPhone() }));
    expect(c.roundTripsInTransaction).toBe(0);
    expect(c.rollbacks).toBe(0);
    // The reservation and the send's outcome, at least; the reservation commits asynchronously.
    expect(c.transactions).toBeGreaterThanOrEqual(2);
    expect(c.flushedCommits).toBe(1);
  });

  it("a creation refused by the balance: its reservation is one round trip, rolled back", async () => {
    const m = await newMerchant({ saldo: 449 });
    const c = await countsOf(() => requestOtp(m.key, { channel: "sms", destination: nextPhone() }), 402);
    expect(c.rollbacks).toBe(1);
    expect(c.roundTripsInTransaction).toBe(0);
  });

  it("a verification, right code or not: the locked read and the write are one transaction, one round trip", async () => {
    const m = await newMerchant({ saldo: 450 * 100 });
    const created = await requestOtp(m.key, { channel: "sms", destination: nextPhone() });
    const otpId = created.body.data!.otp_id as string;
    const code = await deliveredCode(otpId);

    const mismatch = await countsOf(() => verify(m.key, { otp_id: otpId, otp: wrongCode(code) }));
    expect(mismatch.roundTripsInTransaction).toBe(0);
    expect(mismatch.rollbacks).toBe(0);
    expect(mismatch.flushedCommits).toBe(1);

    const right = await countsOf(() => verify(m.key, { otp_id: otpId, otp: code }));
    expect(right.roundTripsInTransaction).toBe(0);
    expect(right.rollbacks).toBe(0);
    expect(right.flushedCommits).toBe(1);

    // Refused after the locked read (already verified): the transaction ends, with nothing
    // written and no wait for a WAL flush to release the row's lock.
    const again = await countsOf(() => verify(m.key, { otp_id: otpId, otp: code }), 422);
    expect(again.roundTripsInTransaction).toBe(0);
    expect(again.rollbacks).toBe(0);
    expect(again.flushedCommits).toBe(0);
  });
});
