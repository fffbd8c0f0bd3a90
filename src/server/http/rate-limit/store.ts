/** Counts hits in fixed windows; shared across app instances when backed by Redis. */
export interface RateLimitStore {
  /** Records one hit for key in the window starting at windowStartMs; returns the count so far in that window. */
  hit(key: string, windowStartMs: number, windowMs: number): Promise<number>;
  /** Releases connections (a replaced or test store). */
  close?(): Promise<void>;
}
