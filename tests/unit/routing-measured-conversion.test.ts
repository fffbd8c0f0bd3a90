// Routing by measured conversion, the pure half: when a route counts as well below
// another for a prefix, and how rankRoutes then shares the traffic (seeded draws,
// shares over many choices).
import { describe, expect, it } from "vitest";
import { seededRandom } from "@/server/lib/random";
import { measuredContext, rankRoutes, type CandidateRoute, type MeasuredContext } from "@/server/services/routing/choose-route";
import { judgeRoutes, wellBelow, zScore, type Conversion } from "@/server/services/routing/measured-conversion";
import { MIN_SETTLED } from "@/server/services/routing/routing-settings";

const figures = (entries: Record<string, Conversion>) => new Map(Object.entries(entries));
const A: CandidateRoute = { name: "a", priority: 100, weight: 100 };
const B: CandidateRoute = { name: "b", priority: 100, weight: 100 };

/** How often each route went first, and with which reason, over `n` choices. */
function firstChoices(routes: CandidateRoute[], measured: MeasuredContext | undefined, n: number, seed = 7) {
  const random = seededRandom(seed);
  const counts: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const [first] = rankRoutes(routes, { channel: "sms", prefix: "62811", random, measured });
    const key = `${first.route.name}:${first.reason}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe("judgeRoutes", () => {
  it("demotes a route far below another with enough settled sends, and names the best", () => {
    const verdict = judgeRoutes(["a", "b"], figures({ a: { settled: 40, verified: 4 }, b: { settled: 40, verified: 34 } }));
    expect(verdict).toEqual({ best: "b", demoted: new Set(["a"]) });
  });

  it("judges nothing without figures, with one route, or with fewer than MIN_SETTLED settled sends on either side", () => {
    expect(judgeRoutes(["a", "b"], undefined).demoted.size).toBe(0);
    expect(judgeRoutes(["a"], figures({ a: { settled: 100, verified: 0 } })).best).toBeNull();
    const few = judgeRoutes(["a", "b"], figures({ a: { settled: MIN_SETTLED - 1, verified: 0 }, b: { settled: 500, verified: 450 } }));
    expect(few).toEqual({ best: null, demoted: new Set() });
  });

  it("keeps routes whose difference is small or could be chance", () => {
    // 78 % beside 80 % over 2,000 sends each: significant, but not "well below".
    expect(wellBelow({ settled: 2000, verified: 1560 }, { settled: 2000, verified: 1600 })).toBe(false);
    // 50 % beside 80 % over 20 sends each: a large gap, but z < 3.
    expect(zScore({ settled: 20, verified: 16 }, { settled: 20, verified: 10 })).toBeLessThan(3);
    expect(wellBelow({ settled: 20, verified: 10 }, { settled: 20, verified: 16 })).toBe(false);
    // Both at 0 % or both at 100 %: nothing to tell apart.
    expect(zScore({ settled: 50, verified: 50 }, { settled: 50, verified: 50 })).toBe(0);
  });
});

describe("rankRoutes with measured figures", () => {
  const exploration = 0.05;

  it("sends a demoted route only the exploration share, recorded as exploration, the rest as measured_conversion", () => {
    const measured = { exploration, figures: figures({ a: { settled: 60, verified: 3 }, b: { settled: 60, verified: 50 } }) };
    const counts = firstChoices([A, B], measured, 4000);
    expect(Object.keys(counts).sort()).toEqual(["a:exploration", "b:measured_conversion"]);
    expect(counts["a:exploration"] / 4000).toBeGreaterThan(0.04);
    expect(counts["a:exploration"] / 4000).toBeLessThan(0.06);
  });

  it("keeps the weights, recorded as weight, when the figures show no meaningful difference", () => {
    const heavy = { ...A, weight: 300 };
    const measured = { exploration, figures: figures({ a: { settled: 500, verified: 400 }, b: { settled: 500, verified: 390 } }) };
    const counts = firstChoices([heavy, B], measured, 4000);
    expect(Object.keys(counts).sort()).toEqual(["a:weight", "b:weight"]);
    expect(counts["a:weight"] / 4000).toBeGreaterThan(0.72);
    expect(counts["a:weight"] / 4000).toBeLessThan(0.78);
  });

  it("shares the kept routes by weight when one of three is demoted, and tries the demoted one last on failover", () => {
    const C: CandidateRoute = { name: "c", priority: 100, weight: 100 };
    const measured = { exploration: 0, figures: figures({ a: { settled: 60, verified: 50 }, b: { settled: 60, verified: 51 }, c: { settled: 60, verified: 2 } }) };
    const counts = firstChoices([A, B, C], measured, 2000);
    expect(counts["c:exploration"]).toBeUndefined();
    expect(counts["a:measured_conversion"] / 2000).toBeGreaterThan(0.45);
    expect(counts["b:measured_conversion"] / 2000).toBeGreaterThan(0.45);
    const order = rankRoutes([C, A, B], { channel: "sms", prefix: "62811", random: seededRandom(1), measured });
    expect(order.map((r) => r.route.name).at(-1)).toBe("c");
  });

  it("never looks at figures for one route, or for routes that all have their own priority", () => {
    expect(measuredContext([A], "sms", "62811")).toBeUndefined();
    expect(measuredContext([A, { ...B, priority: 200 }], "sms", "62811")).toBeUndefined();
    expect(rankRoutes([A], { channel: "sms", prefix: "62811" })).toEqual([{ route: A, reason: "only_route" }]);
  });
});
