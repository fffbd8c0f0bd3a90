import type { RateLimitStore } from "./store";

/** Single-process counts: without REDIS_URL, and standing in while Redis does not answer. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { start: number; count: number }>();

  async hit(key: string, windowStartMs: number): Promise<number> {
    const current = this.windows.get(key);
    if (!current || current.start !== windowStartMs) {
      if (this.windows.size > 50_000) this.sweep(windowStartMs);
      this.windows.set(key, { start: windowStartMs, count: 1 });
      return 1;
    }
    current.count += 1;
    return current.count;
  }

  private sweep(now: number): void {
    for (const [key, value] of this.windows) if (value.start < now) this.windows.delete(key);
  }
}
