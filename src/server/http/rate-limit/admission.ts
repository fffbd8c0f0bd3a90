// One /v3 request's place under its API key's rate limit, counted once: by the wrapper
// before the handler runs, or, for the creation endpoints, by the fraud guard in the
// same Redis script as its observation (services/fraud/admission.ts: one round trip
// where there were two; the wrapper counts it after the handler if the handler did not).
// Either way a request over the limit is answered 429 RATE_LIMITED with Retry-After, and
// every authenticated answer carries the RateLimit-* headers.
import { AppError } from "@/server/errors";
import type { Admission } from "@/server/services/fraud/admission";
import type { FraudStore, Observation, Observed } from "@/server/services/fraud/detection-state";
import { FallbackFraudStore } from "@/server/services/fraud/detection-store";
import type { AuthenticatedMerchant } from "@/server/services/api-keys/key-lookup";
import { DEFAULT_RATE_LIMIT, getRateLimiter, rateLimitKey, type RateLimitDecision } from "./rate-limiter";

const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export class RequestAdmission implements Admission {
  private decision: RateLimitDecision | null = null;
  private readonly key: string;
  private readonly limit: number;

  /** `headers`: the answer's, which get the RateLimit-* headers once the request is counted. */
  constructor(merchant: AuthenticatedMerchant, private readonly headers: Record<string, string>) {
    this.key = rateLimitKey(merchant.id, merchant.keyId);
    this.limit = merchant.rateLimit ?? DEFAULT_RATE_LIMIT;
  }

  /** Whether the request has been counted. */
  get counted(): boolean {
    return this.decision !== null;
  }

  /** Counted and over the limit. */
  get refused(): boolean {
    return this.decision?.allowed === false;
  }

  async admit(): Promise<void> {
    this.settle(this.decision ?? (await getRateLimiter().check(this.key, this.limit)));
  }

  async observe(store: FraudStore, o: Observation): Promise<Observed> {
    if (this.decision || !(store instanceof FallbackFraudStore)) {
      await this.admit();
      return store.observe(o);
    }
    const { decision, value } = await getRateLimiter().checkWith(this.key, this.limit, {
      store: store.shared,
      together: async (hit) => {
        const { hits, observed } = await store.primary.observeAfterHit(hit, o);
        return { hits, value: observed };
      },
      alone: () => store.observe(o),
    });
    this.settle(decision);
    return value!;
  }

  /** Records the decision in the answer's headers; throws RATE_LIMITED over the limit. */
  private settle(decision: RateLimitDecision): void {
    this.decision = decision;
    Object.assign(this.headers, {
      "RateLimit-Limit": String(decision.limit),
      "RateLimit-Remaining": String(decision.remaining),
      "RateLimit-Reset": String(secondsUntil(decision.resetMs)),
    });
    if (decision.allowed) return;
    this.headers["Retry-After"] = String(secondsUntil(decision.resetMs));
    throw new AppError("RATE_LIMITED", `Terlalu banyak permintaan: maksimal ${decision.limit} per detik per API key. Coba lagi sebentar lagi.`);
  }
}
