import { getEnv } from "@/env";
import { log } from "@/server/log";

/**
 * Several instances on one external database without REDIS_URL each count rate
 * limits and throttles in their own memory: N instances let N times the limit
 * through. Allowed (one instance on its own database is fine), but said once at
 * start-up, and /readyz reports it as shared_limits: false.
 */
export function warnIfLimitsUnshared(): void {
  const env = getEnv();
  if (!env.DATABASE_URL || env.REDIS_URL) return;
  log.warn(
    { shared_limits: false },
    "REDIS_URL is not set: rate limits, sign-in throttles and fraud counts are kept per instance; with more than one instance each lets the full limit through. Set REDIS_URL to share them.",
  );
}
