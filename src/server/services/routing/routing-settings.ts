// The knobs of routing by measured conversion (docs/routing.md#routing-by-measured-conversion).
// Four come from the environment (window, maturity, refresh, exploration); the
// statistical thresholds are constants: they say what "well below" means and are
// the same for every deployment.
import { getEnv } from "@/env";

export type RoutingSettings = {
  /** Sends older than this are forgotten: a route that recovered is judged on newer sends within it. */
  windowMs: number;
  /** A send still unverified this long after it went out (or at its expiry, if sooner) counts as not verified. */
  maturityMs: number;
  /** How often the fleet's figures are recomputed (by one instance) and each instance rereads them, in the background. */
  refreshMs: number;
  /** Share of a prefix's creations a demoted route still gets, so it stays measured. */
  exploration: number;
};

/** Fewer settled sends than this for a route and prefix: not judged (weights decide). */
export const MIN_SETTLED = 10;
/** "Well below": a verification rate under (1 − this) × the best route's rate for the prefix… */
export const RELATIVE_GAP = 0.25;
/** …and a two-proportion z-score at least this large (about 1 in 700 by chance, one-sided). */
export const MIN_Z = 3;

/**
 * The lease on computing the fleet's figures lasts the longer of this many seconds and
 * this many refresh intervals: long enough for the aggregate at any sensible size, short
 * enough that an instance dying while it computes costs the fleet about a minute of figures.
 */
export const LEASE_MIN_SECONDS = 60;
export const LEASE_INTERVALS = 4;

/** An instance that died holding the lease is taken over after this. */
export const leaseSeconds = (settings: RoutingSettings) => Math.max(LEASE_MIN_SECONDS, (LEASE_INTERVALS * settings.refreshMs) / 1000);

/**
 * The aggregate computed for the fleet is cancelled this long before its lease lapses:
 * past that another instance would take the lease and start the same aggregate beside
 * the one still running, each as slow as the database that made the first one late.
 */
const TIMEOUT_MARGIN_SECONDS = 5;
export const fleetComputationTimeoutMs = (settings: RoutingSettings) => (leaseSeconds(settings) - TIMEOUT_MARGIN_SECONDS) * 1000;

export function routingSettings(): RoutingSettings {
  const env = getEnv();
  return {
    windowMs: env.ROUTING_WINDOW_SECONDS * 1000,
    maturityMs: env.ROUTING_MATURITY_SECONDS * 1000,
    refreshMs: env.ROUTING_REFRESH_SECONDS * 1000,
    exploration: env.ROUTING_EXPLORATION_PERCENT / 100,
  };
}
