// otpctl insights: the same summary across every merchant, live or test worlds, for the on-call engineer.
import { describe, expect, it } from "vitest";
import { otpctl, otpctlJson } from "../harness/otpctl";
import { newMerchant } from "../harness/v3-fixtures";
import { expectedBy, expectedFor, MIX_KEYS, seedMix } from "../harness/insights-fixtures";

describe("otpctl insights", () => {
  it("adds up every merchant's live OTPs; --mode test the test worlds'; --group-by breaks them down", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const mix = await seedMix(a.id, "2026-04-03", "CTA");
    await seedMix(b.id, "2026-04-03", "CTB");
    await seedMix(b.testId, "2026-04-03", "CTT");
    const one = expectedFor(mix);

    const live = await otpctlJson(["insights", "--from", "2026-04-01", "--to", "2026-04-03", "--group-by", "operator"]);
    expect(live).toMatchObject({ mode: "live", from: "2026-04-01", to: "2026-04-03" });
    expect(live.totals).toEqual({ created: 200, delivered: 180, verified: 74, failed: 20, expired: 96, locked: 10, spend: 2 * one.spend, conversion_rate: 0.37 });
    const operators = expectedBy(mix, MIX_KEYS.operator);
    expect(live.groups.map((g: { key: string }) => g.key)).toEqual(["indosat", "telkomsel", "tri", "xl_axis"]);
    for (const g of live.groups) expect(g.created).toBe(2 * operators.get(g.key)!.created);

    const test = await otpctlJson(["insights", "--from", "2026-04-01", "--to", "2026-04-03", "--mode", "test"]);
    expect(test).toMatchObject({ mode: "test", totals: { created: 100, verified: 37 }, groups: [] });
  });

  it("a bad date is an error naming the field, exit code 1", async () => {
    const result = await otpctl(["insights", "--from", "2026-13-01", "--json"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/from harus tanggal/);
  });
});
