// The retry schedule (docs/webhooks.md): retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then the delivery is failed.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
/** A Retry-After longer than this is not honoured beyond it. */
const MAX_RETRY_AFTER_MS = 24 * HOUR;

/** When to try again after `attemptsMade` failed attempts, or null when the schedule is exhausted. */
export function nextAttemptAt(attemptsMade: number, now: Date, retryAfterMs?: number): Date | null {
  const delay = RETRY_DELAYS_MS[attemptsMade - 1];
  if (delay === undefined) return null;
  const wait = Math.max(delay, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
  return new Date(now.getTime() + wait);
}

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime());
}
