// The dashboard's Insights page and its CSV files: the known mix through tRPC, the
// same figures the API gives, in the world the mode switch shows.
import { describe, expect, it } from "vitest";
import { callerFor } from "../harness/trpc";
import { newMerchant } from "../harness/v3-fixtures";
import { expectedBy, expectedFor, MIX_KEYS, seedMix } from "../harness/insights-fixtures";

const RANGE = { from: "2026-05-01", to: "2026-05-03" };
const lines = (csv: string) => csv.trimEnd().split("\r\n");

async function seeded(world: "live" | "test" = "live") {
  const m = await newMerchant();
  const mix = await seedMix(world === "live" ? m.id : m.testId, RANGE.to);
  return { m, mix, live: callerFor({ merchantPublicId: m.merchantId, mode: "live" }), test: callerFor({ merchantPublicId: m.merchantId, mode: "test" }) };
}

describe("insights in the dashboard", () => {
  it("the report carries every figure and breakdown of the mix", async () => {
    const { mix, live } = await seeded();
    const r = await live.insights.report(RANGE);
    const all = expectedFor(mix);
    expect(r.totals).toEqual({ ...all, conversionRate: 0.37 });
    for (const [field, group] of [["byChannel", "channel"], ["byOperator", "operator"], ["byFallbackStep", "fallback_step"]] as const) {
      const expected = expectedBy(mix, MIX_KEYS[group]);
      expect(r[field].map((b) => b.key).sort()).toEqual([...expected.keys()].sort());
      for (const b of r[field]) expect(b).toMatchObject(expected.get(b.key)!);
    }
    expect(r.byDay.map((d) => d.created)).toEqual([34, 33, 33]);
    // Unverified spend per channel and operator: 12 combinations (3 channels × 4 operators), each with what the mix says.
    const unverified = expectedBy(mix.filter((o) => o.outcome !== "verified"), (o) => `${o.channel}:${o.operator}`);
    expect(r.unverifiedSpend).toHaveLength([...unverified.values()].filter((e) => e.spend > 0).length);
    for (const row of r.unverifiedSpend) expect(row.unverifiedSpend).toBe(unverified.get(`${row.channel}:${row.operator}`)!.spend);
    expect(r.unverifiedSpend.reduce((s, row) => s + row.unverifiedSpend, 0)).toBe(all.unverifiedSpend);
  });

  it("follows the mode switch: the live page shows none of the test world's OTPs and the test page shows them", async () => {
    const { live, test } = await seeded("test");
    expect((await live.insights.report(RANGE)).totals.created).toBe(0);
    expect((await test.insights.report(RANGE)).totals).toMatchObject({ created: 100, verified: 37, failed: 10, locked: 5 });
  });

  it("each breakdown downloads as CSV: a row per bucket with the same figures, and a total row", async () => {
    const { mix, live } = await seeded();
    const byChannel = await live.insights.exportCsv({ ...RANGE, breakdown: "channel" });
    expect(byChannel.filename).toBe("sandi-insights-channel-2026-05-01_2026-05-03.csv");
    const channels = expectedBy(mix, MIX_KEYS.channel);
    const rate = (e: { verified: number; created: number }) => Math.round((e.verified / e.created) * 10_000) / 10_000;
    const row = (key: string, e: ReturnType<typeof expectedFor>) => [key, e.created, e.delivered, e.verified, e.failed, e.expired, e.locked, e.spend, rate(e)].join(",");
    expect(lines(byChannel.csv)).toEqual([
      "channel,dibuat,terkirim,terverifikasi,gagal,kedaluwarsa,terkunci,biaya,tingkat_konversi",
      ...["sms", "voice", "whatsapp"].map((c) => row(c, channels.get(c)!)),
      row("total", expectedFor(mix)),
    ]);
    const operators = lines((await live.insights.exportCsv({ ...RANGE, breakdown: "operator" })).csv);
    expect(operators[0]).toBe("operator,dibuat,terkirim,terverifikasi,gagal,kedaluwarsa,terkunci,biaya,tingkat_konversi");
    expect(operators).toContain(row("Telkomsel", expectedBy(mix, MIX_KEYS.operator).get("telkomsel")!));
    expect(operators).toContain(row("XL/Axis", expectedBy(mix, MIX_KEYS.operator).get("xl_axis")!));
    const days = lines((await live.insights.exportCsv({ ...RANGE, breakdown: "day" })).csv);
    expect(days.slice(1, 4).map((l) => l.split(",")[0])).toEqual(["2026-05-01", "2026-05-02", "2026-05-03"]);
    const hours = await live.insights.exportCsv({ ...RANGE, breakdown: "hour" });
    expect(hours.rows).toBe(24);
    const steps = lines((await live.insights.exportCsv({ ...RANGE, breakdown: "fallback_step" })).csv);
    expect(steps.slice(1, 3).map((l) => l.split(",").slice(0, 4).join(","))).toEqual(["0,94,84,31", "1,6,6,6"]);
    const unverified = lines((await live.insights.exportCsv({ ...RANGE, breakdown: "unverified" })).csv);
    expect(unverified[0]).toBe("channel,operator,dibuat,tidak_terverifikasi,biaya_tanpa_verifikasi");
    expect(unverified.slice(1).reduce((s, l) => s + Number(l.split(",")[4]), 0)).toBe(expectedFor(mix).unverifiedSpend);
  });

  it("refuses a range in the wrong order or longer than 366 days, in words", async () => {
    const { live } = await seeded();
    await expect(live.insights.report({ from: "2026-05-03", to: "2026-05-01" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("to tidak boleh sebelum from.") });
    await expect(live.insights.exportCsv({ from: "2025-01-01", to: "2026-05-01", breakdown: "day" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("366 hari") });
  });
});
