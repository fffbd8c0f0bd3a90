// The /v3 per-key rate limit, when the wrapper leaves it to the creation (the creation
// endpoints' declarations say so): the fraud guard counts it in the same Redis script as
// its observation, one round trip instead of two (http/rate-limit/admission.ts makes it).
// Each creation counts the request exactly once, through one of the two methods, before
// anything it writes or refuses; a request over the limit throws RATE_LIMITED there.
import type { FraudStore, Observation, Observed } from "./detection-state";

export interface Admission {
  /** Counts the request alone (the creation is not one detection watches). */
  admit(): Promise<void>;
  /** Counts the request and, within the limit, records the observation in `store`. */
  observe(store: FraudStore, o: Observation): Promise<Observed>;
}

/** For callers the wrapper already counted, or that no limit applies to (the dashboard, sign-in). */
export const ADMITTED: Admission = {
  admit: async () => undefined,
  observe: (store, o) => store.observe(o),
};
