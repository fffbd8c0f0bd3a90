// Personal-data retention: old OTPs lose their destination and code hash, old
// webhook events their number, old sandbox messages go; recent data and the
// ledger stay exactly as they were; otpctl reports what was purged.
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { purgePersonalData } from "@/server/services/retention/purge-personal-data";
import { periodicJobs } from "@/server/worker/periodic-jobs";
import { overrideEnv } from "../harness/env-override";
import { moved, scrapeApp } from "../harness/metrics-scrape";
import { CLI_TEST_TIMEOUT_MS, otpctl } from "../harness/otpctl";
import { deliveredCode, newMerchant, requestOtp, saldoOf, expectLedgerBalanced, verify } from "../harness/v3-fixtures";
import { merchantWithWebhook } from "../harness/webhook-merchant";

const DAY = 24 * 60 * 60 * 1000;
const PHONE = "6281234567890";

const restores: (() => void)[] = [];
afterEach(() => {
  while (restores.length) restores.pop()!();
});

/** Moves these OTPs (created first, so lowest by id) and their events and sandbox messages `daysAgo` into the past. */
async function age(daysAgo: number, otpIds: string[]) {
  const db = await getDb();
  const at = new Date(Date.now() - daysAgo * DAY);
  await db.otpTransaction.updateMany({ where: { otpId: { in: otpIds } }, data: { createdAt: at, expiresAt: new Date(at.getTime() + 5 * 60_000) } });
  await db.sandboxMessage.updateMany({ where: { otpId: { in: otpIds } }, data: { sentAt: at } });
  await db.$executeRawUnsafe(`UPDATE webhook_events SET created_at = $1 WHERE payload #>> '{data,otp_id}' = ANY($2)`, at, otpIds);
}

/** `n` sms OTPs; numbers vary from the third on, since one destination takes only so many. */
async function createSome(key: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await requestOtp(key, { channel: "sms", destination: i < 2 ? PHONE : `62812345${i}7890` })).body.data!.otp_id as string);
  return ids;
}

describe("personal-data retention", () => {
  it("masks destinations and drops code hashes after OTP_RETENTION_DAYS, deletes sandbox messages after 7 days, and keeps the ledger", async () => {
    restores.push(overrideEnv({ OTP_RETENTION_DAYS: "90", METRICS_TOKEN: "metrics-token-metrics-token-metrics-0001" }));
    const { m } = await merchantWithWebhook();
    const old = await createSome(m.key, 2);
    const email = (await requestOtp(m.key, { channel: "email", destination: "budi.santoso@example.co.id" })).body.data!.otp_id as string;
    await verify(m.key, { otp_id: old[0], otp: await deliveredCode(old[0]) });
    const weekOld = await createSome(m.key, 1);
    const recent = await createSome(m.key, 1);
    await age(91, [...old, email]);
    await age(8, weekOld);
    const db = await getDb();
    const ledgerBefore = await db.ledgerEntry.findMany({ orderBy: { id: "asc" } });
    const saldo = await saldoOf(m.id);
    const scrapeBefore = await scrapeApp("metrics-token-metrics-token-metrics-0001");

    const result = await purgePersonalData({ trigger: "worker" });

    expect(result).toMatchObject({ otps_masked: 3, webhook_events_masked: 1, sandbox_messages_deleted: 4, complete: true });
    const rows = await db.otpTransaction.findMany({ orderBy: { id: "asc" }, select: { otpId: true, destination: true, codeHash: true } });
    const keys = await db.otpTransaction.findMany({ where: { otpId: { in: [...old, email] } }, select: { destinationKey: true } });
    expect(keys.map((k) => k.destinationKey)).toEqual(expect.arrayContaining(["6281******890", "b***@example.co.id"]));
    expect(keys.every((k) => k.destinationKey!.includes("*"))).toBe(true);
    const byId = Object.fromEntries(rows.map((r) => [r.otpId, r]));
    for (const id of old) expect(byId[id]).toEqual({ otpId: id, destination: "6281******890", codeHash: null });
    expect(byId[email]).toEqual({ otpId: email, destination: "b***@example.co.id", codeHash: null });
    for (const id of [...weekOld, ...recent]) expect(byId[id]).toMatchObject({ destination: PHONE, codeHash: expect.any(String) });
    const [event] = await db.webhookEvent.findMany();
    expect((event.payload as { data: { number: string } }).data.number).toBe("6281******890");
    const sandbox = await db.sandboxMessage.findMany({ select: { otpId: true } });
    expect(sandbox.map((s) => s.otpId)).toEqual(recent);
    // The ledger keeps every row and still adds up to the balance.
    expect(await db.ledgerEntry.findMany({ orderBy: { id: "asc" } })).toEqual(ledgerBefore);
    expect(await saldoOf(m.id)).toBe(saldo);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
    const scrapeAfter = await scrapeApp("metrics-token-metrics-token-metrics-0001");
    expect(moved(scrapeBefore, scrapeAfter, "sandi_retention_purged_total")).toEqual({
      'sandi_retention_purged_total{kind="otp_masked"}': 3,
      'sandi_retention_purged_total{kind="webhook_event_masked"}': 1,
      'sandi_retention_purged_total{kind="sandbox_message_deleted"}': 4,
    });

    // A second pass finds nothing and records nothing.
    expect(await purgePersonalData({ trigger: "worker" })).toMatchObject({ otps_masked: 0, webhook_events_masked: 0, sandbox_messages_deleted: 0 });
    expect(await db.retentionRun.count()).toBe(1);
  });

  it("is part of the worker's periodic sweep", async () => {
    const m = await newMerchant();
    const [id] = await createSome(m.key, 1);
    await age(91, [id]);
    await periodicJobs().runDue(new Date());
    const db = await getDb();
    expect(await db.otpTransaction.findUniqueOrThrow({ where: { otpId: id }, select: { destination: true, codeHash: true } })).toEqual({ destination: "6281******890", codeHash: null });
    expect(await db.retentionRun.findMany({ select: { trigger: true, otpsMasked: true } })).toEqual([{ trigger: "worker", otpsMasked: 1 }]);
  });

  it("answers a verification of a masked OTP as expired, never as an error", async () => {
    const m = await newMerchant();
    const [id] = await createSome(m.key, 1);
    const code = await deliveredCode(id);
    await age(91, [id]);
    await purgePersonalData({ trigger: "worker" });
    const answer = await verify(m.key, { otp_id: id, otp: code });
    expect(answer.status).toBe(422);
    expect(answer.body.error?.code).toBe("OTP_EXPIRED");
  });

  it("works in small batches and continues where the last pass stopped", async () => {
    const m = await newMerchant();
    const ids = await createSome(m.key, 5);
    await age(91, ids);
    const first = await purgePersonalData({ trigger: "worker", batchSize: 2, maxBatches: 1 });
    expect(first).toMatchObject({ otps_masked: 2, sandbox_messages_deleted: 2, complete: false });
    const db = await getDb();
    const masked = async () => (await db.otpTransaction.findMany({ where: { codeHash: null }, orderBy: { id: "asc" }, select: { otpId: true } })).map((r) => r.otpId);
    expect(await masked()).toEqual(ids.slice(0, 2));
    const rest = await purgePersonalData({ trigger: "worker", batchSize: 2 });
    expect(rest).toMatchObject({ otps_masked: 3, sandbox_messages_deleted: 3, complete: true });
    expect(await masked()).toEqual(ids);
  });

  it("masks each old OTP exactly once when several workers run at the same time", async () => {
    const m = await newMerchant();
    const ids = await createSome(m.key, 7);
    await age(91, ids);
    const passes = await Promise.all([1, 2, 3].map(() => purgePersonalData({ trigger: "worker", batchSize: 2 })));
    expect(passes.reduce((sum, p) => sum + p.otps_masked, 0)).toBe(7);
    expect(passes.reduce((sum, p) => sum + p.sandbox_messages_deleted, 0)).toBe(7);
  });
});

describe("otpctl retention", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("runs a purge and reports what the passes purged", async () => {
    const m = await newMerchant();
    const ids = await createSome(m.key, 2);
    await age(91, ids);
    await purgePersonalData({ trigger: "worker", batchSize: 1, maxBatches: 1 });

    const run = await otpctl(["retention", "run", "--json"]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(run.stdout)).toMatchObject({ otps_masked: 1, webhook_events_masked: 0, sandbox_messages_deleted: 1 });

    const report = await otpctl(["retention", "report", "--json"]);
    expect(report).toMatchObject({ code: 0, stderr: "" });
    const body = JSON.parse(report.stdout);
    expect(body).toMatchObject({ otp_retention_days: 90, sandbox_retention_days: 7, totals: { runs: 2, otps_masked: 2, sandbox_messages_deleted: 2 } });
    expect(body.runs.map((r: { trigger: string; otps_masked: number }) => [r.trigger, r.otps_masked])).toEqual([
      ["otpctl", 1],
      ["worker", 1],
    ]);
    expect(report.stdout).not.toContain(PHONE);
  });
});
