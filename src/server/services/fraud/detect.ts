// The three detection rules, as pure functions of what the store observed and what the
// baseline expects, so each rule is testable on its own figures.
import type { PrefixUsual } from "./baseline";
import type { Thresholds } from "./levels";
import type { Observed } from "./detection-state";

export type SpikeFigures = { windowCreations: number; windowVerified: number; expected: number };

/** Below this, a prefix's verifications are not trusted to explain much (a baseline built on very few verified OTPs). */
const MIN_VERIFIED_RATE = 0.3;

/**
 * prefix_spike: creations to fresh numbers under one prefix that its verifications do
 * not explain. Verified OTPs divided by the prefix's usual verification rate estimate
 * how many creations real users account for; the rest is unexplained. A real surge
 * verifies (a little later) and stays explained; pumping never verifies. What may go
 * unexplained: a fixed minimum, the prefix's usual share of the last two minutes'
 * creations (not verified yet: users take up to a minute), and a part of its expected
 * ten-minute volume (its users verifying a little less than usual).
 */
export function prefixSpike(observed: Observed, usual: PrefixUsual, t: Thresholds): SpikeFigures | null {
  const explained = observed.verified / Math.max(usual.verifiedRate, MIN_VERIFIED_RATE);
  const expected = usual.share * observed.total;
  const unexplained = observed.distinct - explained;
  if (unexplained <= t.minExcess + t.lagFactor * usual.share * observed.recentTotal + t.drift * expected) return null;
  return { windowCreations: observed.distinct, windowVerified: observed.verified, expected: Math.round(expected) };
}

/**
 * verified_nothing: a prefix whose destinations of the older minutes (users have had a
 * minute or more to verify) are many and none of them verified, while the merchant's
 * other prefixes do verify. Needs no baseline: it catches a slow pump that stays inside
 * a large prefix's allowance. A real surge has verifications after a minute; a merchant
 * that never calls /v3/verify has none elsewhere either and is never judged by this rule.
 */
export function verifiedNothing(observed: Observed, t: Thresholds): SpikeFigures | null {
  if (observed.verified > 0 || observed.settledDistinct < t.silentDistinct) return null;
  if (observed.merchantVerified < t.silentElsewhere) return null;
  return { windowCreations: observed.distinct, windowVerified: 0, expected: 0 };
}

/** signal_velocity: one end user's signal (IP or device) reaching many different destinations in the window. */
export function signalVelocity(observed: Observed, t: Thresholds): number | null {
  const index = observed.signals.findIndex((s) => s.distinct > t.signalDestinations);
  return index === -1 ? null : index;
}
