// What each fraud_guard level tolerates. Figures measured with `npm run fraud-sim` are in docs/fraud.md.
import type { FraudGuardLevel } from "@/generated/prisma/enums";

export type Thresholds = {
  /** Unexplained creations to fresh numbers a prefix may get in the window on top of its tolerated share; the next one is refused. */
  minExcess: number;
  /** How many times its share of the last two minutes' creations a prefix may have unverified: those cannot have been verified yet. */
  lagFactor: number;
  /** The share of its expected ten-minute volume a prefix may have unexplained on top: its users verifying less than usual. */
  drift: number;
  /** Distinct destinations one end-user signal (IP, device) may reach in the window; the next one is refused. */
  signalDestinations: number;
  /** verified_nothing: distinct destinations of a prefix, old enough to have been verified, none of them verified… */
  silentDistinct: number;
  /** …while the merchant's other prefixes verified at least this many in the window (its users do verify, and it calls /v3/verify). */
  silentElsewhere: number;
  cooldownMs: number;
};

export const WINDOW_MINUTES = 10;

export const THRESHOLDS: Record<Exclude<FraudGuardLevel, "off">, Thresholds> = {
  standard: { minExcess: 12, lagFactor: 1.5, drift: 0.25, signalDestinations: 10, silentDistinct: 15, silentElsewhere: 10, cooldownMs: 15 * 60_000 },
  max: { minExcess: 8, lagFactor: 1.2, drift: 0.15, signalDestinations: 6, silentDistinct: 10, silentElsewhere: 5, cooldownMs: 30 * 60_000 },
};

/** How long a merchant's unblock trusts a prefix: detection of that prefix pauses, so a real surge is not blocked again at once. */
export const TRUST_AFTER_UNBLOCK_MS = 60 * 60_000;
