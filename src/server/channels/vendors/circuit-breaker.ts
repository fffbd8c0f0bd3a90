import { log } from "@/server/log";
// Per-vendor circuit breaker: after N consecutive unreachable failures the vendor
// is skipped for a cool-down, so a dead vendor answers CHANNEL_UNAVAILABLE at once
// instead of tying up requests until their timeouts; one probe then tests it again.
export class CircuitBreaker {
  private failures = 0;
  private openUntil = 0;
  private probing = false;

  constructor(readonly threshold = 5, readonly coolDownMs = 30_000) {}

  /** Whether a request may go out now (a single probe is let through once the cool-down ends). */
  allow(now = Date.now()): boolean {
    if (this.failures < this.threshold) return true;
    if (now < this.openUntil || this.probing) return false;
    this.probing = true;
    return true;
  }

  success(): void {
    this.failures = 0;
    this.probing = false;
  }

  failure(now = Date.now()): void {
    this.failures += 1;
    this.probing = false;
    if (this.failures >= this.threshold) this.openUntil = now + this.coolDownMs;
  }

  get open(): boolean {
    return this.failures >= this.threshold;
  }
}

/**
 * Records an unreachable-vendor failure and logs one JSON line for operators
 * (vendor and reason only: never the destination, the code or credentials).
 */
export function vendorFailed(vendor: string, reason: string, requestId?: string): void {
  const breaker = breakerFor(vendor);
  const wasOpen = breaker.open;
  breaker.failure();
  const opened = !wasOpen && breaker.open;
  log.warn({ request_id: requestId, vendor, reason, cool_down_ms: opened ? breaker.coolDownMs : undefined }, opened ? "vendor circuit opened" : "vendor unavailable");
}

const breakers = new Map<string, CircuitBreaker>();

export function breakerFor(vendor: string): CircuitBreaker {
  let breaker = breakers.get(vendor);
  if (!breaker) breakers.set(vendor, (breaker = new CircuitBreaker()));
  return breaker;
}

/** Whether each vendor's circuit is open now, for the metrics scrape. */
export function breakerStates(): { vendor: string; open: boolean }[] {
  return [...breakers].map(([vendor, breaker]) => ({ vendor, open: breaker.open }));
}

/** Tests start each case with closed circuits. */
export function resetBreakers(): void {
  breakers.clear();
}
