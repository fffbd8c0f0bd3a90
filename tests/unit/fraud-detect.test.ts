// The detection rules and the prior as pure functions of what the store observed.
import { describe, expect, it } from "vitest";
import { usualFor, type Baseline } from "@/server/services/fraud/baseline";
import { verifiedNothing } from "@/server/services/fraud/detect";
import { THRESHOLDS } from "@/server/services/fraud/levels";
import { GENERIC_PREFIX_SHARE, INDONESIA_PREFIX_SHARES, priorFor } from "@/server/services/fraud/prior";
import type { Observed } from "@/server/services/fraud/detection-state";

const observed = (o: Partial<Observed>): Observed => ({ distinct: 20, verified: 0, total: 200, recentTotal: 100, prefixState: null, settledDistinct: 15, merchantVerified: 10, signals: [], ...o });
const t = THRESHOLDS.standard;

describe("verified_nothing", () => {
  it("trips on enough settled numbers, none verified, while the merchant verifies elsewhere", () => {
    expect(verifiedNothing(observed({}), t)).toEqual({ windowCreations: 20, windowVerified: 0, expected: 0 });
  });

  it("stays quiet with one verification, too few settled numbers, or too little verified elsewhere", () => {
    expect(verifiedNothing(observed({ verified: 1 }), t)).toBeNull();
    expect(verifiedNothing(observed({ settledDistinct: t.silentDistinct - 1 }), t)).toBeNull();
    // A merchant that never calls /v3/verify has nothing verified anywhere: silence is not suspicious there.
    expect(verifiedNothing(observed({ merchantVerified: 0 }), t)).toBeNull();
    expect(verifiedNothing(observed({ merchantVerified: t.silentElsewhere - 1 }), t)).toBeNull();
  });
});

describe("the prior", () => {
  it("covers Indonesia's operator prefixes with shares summing to one, and gives other countries a generic share", () => {
    const sum = Object.values(INDONESIA_PREFIX_SHARES).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 6);
    expect(priorFor("62812").share).toBe(0.1);
    expect(priorFor("62999").share).toBe(0);
    expect(priorFor("60123").share).toBe(GENERIC_PREFIX_SHARE);
  });

  it("is all there is with no history, and fades as history grows", () => {
    const history = (size: number): Baseline => ({ source: "merchant", size, verifiedRate: 0.9, prefixes: new Map([["62812", { share: 0.5, verifiedRate: 0.9 }]]) });
    expect(usualFor(history(0), "62812")).toEqual(priorFor("62812"));
    expect(usualFor(history(500), "62812").share).toBeCloseTo(0.3, 6);
    expect(usualFor(history(20_000), "62812").share).toBeGreaterThan(0.49);
    // A prefix the history never saw keeps only the prior's fading share.
    expect(usualFor(history(20_000), "62831").share).toBeLessThan(0.001);
  });
});
