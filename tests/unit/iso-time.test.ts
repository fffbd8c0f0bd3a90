// isoString builds toISOString's text with integer arithmetic (V8's own goes through
// printf); it must be the same text for every time it takes, and hand the rest to
// toISOString.
import { describe, expect, it } from "vitest";
import { isoString, utcTimestampText } from "@/lib/iso-time.mjs";
import { formatWib } from "@/lib/wib-time";

/** A small deterministic generator (mulberry32), so a failure names a value that reproduces. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const LAST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

describe("isoString", () => {
  it("writes what toISOString writes for 200,000 times spread from 1970 to 9999", () => {
    const next = random(20261129);
    const wrong: number[] = [];
    for (let i = 0; i < 200_000; i++) {
      const ms = Math.floor(next() * (LAST + 1));
      if (isoString(ms) !== new Date(ms).toISOString()) wrong.push(ms);
    }
    expect(wrong).toEqual([]);
  });

  it("is exact at the edges: the epoch, leap days, century years, the turn of each unit, the last four-digit year", () => {
    const edges = [
      0,
      1,
      999,
      1000,
      59_999,
      Date.UTC(1972, 1, 29),
      Date.UTC(2000, 1, 29, 23, 59, 59, 999),
      Date.UTC(2000, 2, 1),
      Date.UTC(2100, 1, 28, 23, 59, 59, 999),
      Date.UTC(2100, 2, 1),
      Date.UTC(2400, 1, 29),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      Date.UTC(2027, 0, 1),
      LAST,
    ];
    for (const ms of edges) expect(isoString(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  it("hands toISOString what it does not build: before 1970, after 9999, fractions, and NaN's RangeError", () => {
    for (const ms of [-1, Date.UTC(1969, 11, 31, 23, 59, 59, 999), Date.UTC(-50, 0, 1), LAST + 1, 8.64e15, 1.5]) {
      expect(isoString(ms), String(ms)).toBe(new Date(ms).toISOString());
    }
    expect(() => isoString(Number.NaN)).toThrow(RangeError);
  });

  it("keeps formatWib the spec's WIB text", () => {
    expect(formatWib(new Date(Date.UTC(2026, 10, 29, 17, 30, 5)))).toBe("2026-11-30 00:30:05");
    expect(() => formatWib(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("utcTimestampText", () => {
  it("is toISOString's text with +00:00 for Z from 1970 to 9999, and null outside (node-pg formats those)", () => {
    const next = random(11292026);
    for (let i = 0; i < 10_000; i++) {
      const ms = Math.floor(next() * (LAST + 1));
      expect(utcTimestampText(ms)).toBe(new Date(ms).toISOString().replace("Z", "+00:00"));
    }
    expect(utcTimestampText(0)).toBe("1970-01-01T00:00:00.000+00:00");
    for (const ms of [-1, LAST + 1, 1.5, Number.NaN]) expect(utcTimestampText(ms), String(ms)).toBeNull();
  });
});
