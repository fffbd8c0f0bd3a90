import { describe, expect, it } from "vitest";
import { nextAttemptAt, parseRetryAfter } from "@/server/services/webhooks/retry-schedule";

const NOW = new Date("2026-01-01T00:00:00Z");
const SECOND = 1000;
const HOUR = 3600 * SECOND;
const after = (date: Date | null) => (date ? date.getTime() - NOW.getTime() : null);

describe("webhook retry schedule", () => {
  it("waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the 1st to 7th failed attempt", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => after(nextAttemptAt(n, NOW)))).toEqual([
      5 * SECOND, 300 * SECOND, 1800 * SECOND, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR,
    ]);
  });

  it("gives up after the 8th failed attempt", () => {
    expect(nextAttemptAt(8, NOW)).toBeNull();
    expect(nextAttemptAt(8, NOW, 60 * SECOND)).toBeNull();
  });

  it("waits for a Retry-After longer than the schedule, and ignores a shorter one", () => {
    expect(after(nextAttemptAt(1, NOW, 120 * SECOND))).toBe(120 * SECOND);
    expect(after(nextAttemptAt(2, NOW, 1 * SECOND))).toBe(300 * SECOND);
  });

  it("caps Retry-After at 24 hours", () => {
    expect(after(nextAttemptAt(1, NOW, 30 * 24 * HOUR))).toBe(24 * HOUR);
  });

  it("reads Retry-After as seconds or as an HTTP date, and ignores anything else", () => {
    expect(parseRetryAfter("120", NOW)).toBe(120 * SECOND);
    expect(parseRetryAfter(new Date(NOW.getTime() + 90 * SECOND).toUTCString(), NOW)).toBe(90 * SECOND);
    expect(parseRetryAfter(new Date(NOW.getTime() - 90 * SECOND).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfter("soon", NOW)).toBeUndefined();
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
  });
});
