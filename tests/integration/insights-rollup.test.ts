// Insights numbers are the same whether a day is read from the OTP rows or from the
// worker's rollup; the rollup waits until a day has settled, is written once however
// many workers run it, and the operator rule in SQL is the documented table.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { operatorOf, operatorSql } from "@/server/services/insights/operators";
import { getInsightsReport } from "@/server/services/insights/report";
import { buildDay, buildInsightsRollups, forgetInsightsDays, newestSettledDay } from "@/server/services/insights/rollup";
import { newMerchant, requestOtp } from "../harness/v3-fixtures";
import { seedMix } from "../harness/insights-fixtures";

const RANGE = { from: "2026-07-01", to: "2026-07-03" };

describe("insights rollup", () => {
  it("a rolled-up day reads exactly as it did from the OTP rows: every breakdown, the timings and the unverified spend", async () => {
    const m = await newMerchant();
    await seedMix(m.id, RANGE.to, "RLP");
    const before = await getInsightsReport(m.id, RANGE);
    expect(before.totals).toMatchObject({ created: 100, delivered: 90, verified: 37, failed: 10, expired: 48, locked: 5, conversionRate: 0.37 });
    // 37 verified after 10..46 s: nearest rank 19 is 28 s, rank 34 is 43 s. 84 first sends after 2 s, 6 fallbacks after 22 s.
    expect(before.toVerified).toEqual({ count: 37, medianSeconds: 28, p90Seconds: 43 });
    expect(before.toDelivered).toEqual({ count: 90, medianSeconds: 2, p90Seconds: 2 });
    expect(before.verifyDistribution.map((b) => b.count)).toEqual([0, 10, 10, 17, 0, 0, 0]);

    for (const day of ["2026-07-01", "2026-07-02", "2026-07-03"]) expect(await buildDay(day, new Date())).toBe(true);
    const db = await getDb();
    expect(await db.otpInsightsDaily.count({ where: { merchantId: m.id } })).toBeGreaterThan(0);
    expect(await getInsightsReport(m.id, RANGE)).toEqual(before);

    // Forgotten, the days come from the OTP rows again, with the same figures.
    expect(await forgetInsightsDays(RANGE.from, RANGE.to)).toBe(3);
    expect(await db.otpInsightsDaily.count({ where: { merchantId: m.id } })).toBe(0);
    expect(await getInsightsReport(m.id, RANGE)).toEqual(before);
  });

  it("two workers building the same day write it once", async () => {
    const m = await newMerchant();
    await seedMix(m.id, "2026-06-03", "TWO");
    const results = await Promise.all([buildDay("2026-06-02", new Date()), buildDay("2026-06-02", new Date())]);
    expect(results.sort()).toEqual([false, true]);
    const db = await getDb();
    const rows = await db.otpInsightsDaily.findMany({ where: { merchantId: m.id, day: new Date("2026-06-02T00:00:00Z") } });
    expect(rows.reduce((s, r) => s + r.created, 0)).toBe(33);
  });

  it("today and a day that ended less than an hour ago are not rolled up; earlier days are", async () => {
    expect(newestSettledDay(new Date("2026-11-26T17:30:00Z"))).toBe("2026-11-25"); // 00.30 WIB on the 27th: the 26th is not settled
    expect(newestSettledDay(new Date("2026-11-26T18:00:00Z"))).toBe("2026-11-26"); // 01.00 WIB: it is
    const m = await newMerchant();
    await requestOtp(m.key, { channel: "sms", destination: "6281234500001" });
    const written = await buildInsightsRollups(new Date());
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    expect(written).not.toContain(today);
    const report = await getInsightsReport(m.id, { from: today, to: today });
    // Still open (sent, not expired): created and delivered, neither expired nor verified.
    expect(report.totals).toMatchObject({ created: 1, delivered: 1, verified: 0, expired: 0, failed: 0, locked: 0, spend: 450, unverifiedSpend: 450 });
  });

  it("the SQL operator rule agrees with the documented table", async () => {
    const db = await getDb();
    const numbers = ["6281234567890", "6285712345678", "6287812345678", "6283812345678", "6289612345678", "6288812345678", "6289012345678", "6591234567", "budi@example.com", "6281****890"];
    for (const n of numbers) {
      const [{ operator }] = await db.$queryRawUnsafe<{ operator: string }[]>(`SELECT ${operatorSql("$1::text")} AS operator`, n);
      expect(operator, n).toBe(operatorOf(n));
    }
  });
});
