// The operator prefix table (docs/insights.md): each operator's ranges, and everything else is "other".
import { describe, expect, it } from "vitest";
import { OPERATOR_PREFIXES, operatorOf } from "@/server/services/insights/operators";
import { openRuns } from "@/server/services/insights/query";
import { distribution, percentileOf } from "@/server/services/insights/timings";

describe("operatorOf: the operator from the destination's prefix", () => {
  const cases: [string, string][] = [
    ["6281234567890", "telkomsel"],
    ["6282112345678", "telkomsel"],
    ["6285212345678", "telkomsel"],
    ["6281512345678", "indosat"],
    ["6285712345678", "indosat"],
    ["6281712345678", "xl_axis"],
    ["6287812345678", "xl_axis"],
    ["6283812345678", "xl_axis"],
    ["6289612345678", "tri"],
    ["6289912345678", "tri"],
    ["6288112345678", "smartfren"],
    ["6288912345678", "smartfren"],
  ];
  for (const [number, operator] of cases) it(`${number} is ${operator}`, () => expect(operatorOf(number)).toBe(operator));

  it("an unknown range, a foreign number, an e-mail address, a masked destination or none is other", () => {
    for (const other of ["6289012345678", "6287112345678", "6591234567", "14155550100", "budi@example.com", "6281****890", "62812", null]) expect(operatorOf(other)).toBe("other");
  });

  it("no prefix belongs to two operators", () => {
    const all = Object.values(OPERATOR_PREFIXES).flat();
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("timing buckets", () => {
  const buckets = [10, 11, 12, 40, 300].map((bucket) => ({ kind: "verified" as const, bucket, count: 1 }));
  it("the median and p90 are nearest-rank over the buckets", () => {
    expect(percentileOf(buckets, 0.5)).toBe(12);
    expect(percentileOf(buckets, 0.9)).toBe(300);
    expect(percentileOf([], 0.5)).toBeNull();
  });
  it("the distribution's bars count every OTP once", () => {
    expect(distribution(buckets, "verified").map((b) => b.count)).toEqual([0, 3, 0, 1, 0, 0, 1]);
  });
});

describe("openRuns: the days a summary reads from the OTP rows", () => {
  it("joins consecutive days not rolled up into one WIB time range", () => {
    const runs = openRuns({ from: "2026-11-01", to: "2026-11-04" }, new Set(["2026-11-02"]));
    expect(runs.map((r) => [r.start.toISOString(), r.end.toISOString()])).toEqual([
      ["2026-10-31T17:00:00.000Z", "2026-11-01T17:00:00.000Z"],
      ["2026-11-02T17:00:00.000Z", "2026-11-04T17:00:00.000Z"],
    ]);
  });
});
