// What each fraud_guard level tolerates. Figures measured with `npm run fraud-sim` are in docs/fraud.md.
import type { FraudGuardLevel } from "@/generated/prisma/enums";

export type Thresholds = {
  /** Unexplained creations to fresh numbers a prefix may get in the window on top of its tolerated share; the next one is refused. */
  minExcess: number;
  /** The share of a prefix's expected volume that may go unexplained: the verification lag and ordinary variation. */
  tolerance: number;
  /** Distinct destinations one end-user signal (IP, device) may reach in the window; the next one is refused. */
  signalDestinations: number;
  cooldownMs: number;
};

export const WINDOW_MINUTES = 10;

export const THRESHOLDS: Record<Exclude<FraudGuardLevel, "off">, Thresholds> = {
  standard: { minExcess: 12, tolerance: 0.5, signalDestinations: 10, cooldownMs: 15 * 60_000 },
  max: { minExcess: 8, tolerance: 0.3, signalDestinations: 6, cooldownMs: 30 * 60_000 },
};

/** How long a merchant's unblock trusts a prefix: detection of that prefix pauses, so a real surge is not blocked again at once. */
export const TRUST_AFTER_UNBLOCK_MS = 60 * 60_000;
