export type LatencySummary = { count: number; mean: number; p50: number; p95: number; p99: number; max: number };

/** Nearest-rank percentiles of response times in milliseconds. */
export function summarizeLatencies(values: number[]): LatencySummary {
  if (values.length === 0) return { count: 0, mean: 0, p50: 0, p95: 0, p99: 0, max: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]);
  const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length;
  return { count: sorted.length, mean: round(mean), p50: at(50), p95: at(95), p99: at(99), max: round(sorted[sorted.length - 1]) };
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
