// Medians, 90th percentiles and the time-to-verify distribution from the timing
// buckets (seconds, each bucket's lower bound; see bucketSql).
import type { TimingBucket, TimingKind } from "./query";

export type TimingFigures = { count: number; medianSeconds: number | null; p90Seconds: number | null };
export type DistributionBar = { label: string; fromSeconds: number; count: number };

/** Nearest rank: the bucket holding the ⌈p·n⌉-th fastest OTP. */
export function percentileOf(buckets: TimingBucket[], p: number): number | null {
  const total = buckets.reduce((s, b) => s + b.count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const b of [...buckets].sort((x, y) => x.bucket - y.bucket)) {
    seen += b.count;
    if (seen >= rank) return b.bucket;
  }
  return null;
}

export function timingFigures(all: TimingBucket[], kind: TimingKind): TimingFigures {
  const buckets = all.filter((b) => b.kind === kind);
  return { count: buckets.reduce((s, b) => s + b.count, 0), medianSeconds: percentileOf(buckets, 0.5), p90Seconds: percentileOf(buckets, 0.9) };
}

/** The chart's bars: coarser than the buckets, readable on a phone. */
const BARS: { label: string; fromSeconds: number }[] = [
  { label: "< 10 dtk", fromSeconds: 0 },
  { label: "10–20 dtk", fromSeconds: 10 },
  { label: "20–30 dtk", fromSeconds: 20 },
  { label: "30–60 dtk", fromSeconds: 30 },
  { label: "1–2 mnt", fromSeconds: 60 },
  { label: "2–5 mnt", fromSeconds: 120 },
  { label: "≥ 5 mnt", fromSeconds: 300 },
];

export function distribution(all: TimingBucket[], kind: TimingKind): DistributionBar[] {
  const bars = BARS.map((b) => ({ ...b, count: 0 }));
  for (const b of all) {
    if (b.kind !== kind) continue;
    const bar = bars.findLast((x) => b.bucket >= x.fromSeconds)!;
    bar.count += b.count;
  }
  return bars;
}
