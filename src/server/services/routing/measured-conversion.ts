// Which routes of one priority are measured "well below" another for a prefix.
// Pure: figures in, verdict out (choose-route.ts draws with it; otpctl route stats
// shows it). The signal is the verification rate of settled sends: a code verified
// within its TTL proves the route worked end to end, which a receipt does not (a route
// may say "delivered" for messages no user ever sees). A route is demoted for the
// prefix only when the gap is large AND unlikely to be chance, so routes that measure
// about the same keep their weights.
import { MIN_SETTLED, MIN_Z, RELATIVE_GAP } from "./routing-settings";

/** What the verdict needs of a route's figures for one prefix. */
export type Conversion = { settled: number; verified: number };

export type Verdict = {
  /** The route with the highest verification rate among the judged ones; null when fewer than two could be judged. */
  best: string | null;
  /** Routes well below the best for this prefix: they get only the exploration share. */
  demoted: Set<string>;
};

const NO_VERDICT: Verdict = { best: null, demoted: new Set() };

export const verificationRate = (c: Conversion): number => (c.settled === 0 ? 0 : c.verified / c.settled);

/** One-sided two-proportion z-score of `high` over `low` (pooled); 0 when both rates are 0 or 1. */
export function zScore(high: Conversion, low: Conversion): number {
  const pooled = (high.verified + low.verified) / (high.settled + low.settled);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / high.settled + 1 / low.settled));
  return se === 0 ? 0 : (verificationRate(high) - verificationRate(low)) / se;
}

/** True when `route` is well below `best`: a relative gap and a z-score past the thresholds. */
export function wellBelow(route: Conversion, best: Conversion): boolean {
  return verificationRate(route) < (1 - RELATIVE_GAP) * verificationRate(best) && zScore(best, route) >= MIN_Z;
}

/**
 * The verdict for equal-priority `routes` on one prefix. Routes with fewer than
 * MIN_SETTLED settled sends are neither judged nor demoted (too little to tell).
 */
export function judgeRoutes(routes: readonly string[], figures: ReadonlyMap<string, Conversion> | undefined): Verdict {
  if (!figures || routes.length < 2) return NO_VERDICT;
  const judged = routes.flatMap((name) => {
    const f = figures.get(name);
    return f && f.settled >= MIN_SETTLED ? [{ name, f }] : [];
  });
  if (judged.length < 2) return NO_VERDICT;
  const best = judged.reduce((a, b) => (verificationRate(b.f) > verificationRate(a.f) ? b : a));
  const demoted = new Set(judged.filter((r) => r !== best && wellBelow(r.f, best.f)).map((r) => r.name));
  return { best: best.name, demoted };
}
