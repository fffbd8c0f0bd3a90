// GET /v3/insights/summary and everything built on it: totals and one breakdown for a
// range of WIB days, each bucket with the same figures as the totals.
import type { InsightsCountsData, InsightsGroup, InsightsSummaryData, InsightsSummaryQuery } from "@/schemas/v3/insights";
import { inSnapshot, readBreakdowns, type Counts, type DayRange, type KeyedCounts, type Scope } from "./query";

/** verified ÷ created, to 4 decimals; 0 when nothing was created. */
export function conversionRate(verified: number, created: number): number {
  return created === 0 ? 0 : Math.round((verified / created) * 10_000) / 10_000;
}

export const ZERO: Counts = { created: 0, delivered: 0, verified: 0, failed: 0, expired: 0, locked: 0, spend: 0, unverifiedSpend: 0 };

export function countsData(c: Counts): InsightsCountsData {
  return {
    created: c.created,
    delivered: c.delivered,
    verified: c.verified,
    failed: c.failed,
    expired: c.expired,
    locked: c.locked,
    spend: c.spend,
    conversion_rate: conversionRate(c.verified, c.created),
  };
}

/** Every day of the range, oldest first. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= Date.parse(`${range.to}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, "0"));

/** Days and hours are listed whole (a chart's axis), zeros included; other breakdowns list the buckets that have OTPs. */
export function completeBuckets(group: InsightsGroup, range: DayRange, found: KeyedCounts[]): KeyedCounts[] {
  const keys = group === "day" ? daysOf(range) : group === "hour" ? HOURS : null;
  if (!keys) return found;
  const byKey = new Map(found.map((g) => [g.key, g]));
  return keys.map((key) => byKey.get(key) ?? { key, ...ZERO });
}

export async function summarize(scope: Scope, query: InsightsSummaryQuery, now: Date): Promise<InsightsSummaryData> {
  const range = { from: query.from, to: query.to };
  const group = query.groupBy;
  const found = await inSnapshot((tx) => readBreakdowns(tx, scope, range, group ? (["total", group] as const) : (["total"] as const), now));
  const totals = found.total[0] ?? { key: "", ...ZERO };
  const groups = group ? completeBuckets(group, range, (found as Record<InsightsGroup, KeyedCounts[]>)[group]) : [];
  return { from: query.from, to: query.to, totals: countsData(totals), groups: groups.map((g) => ({ key: g.key, ...countsData(g) })) };
}

/** One world's summary: what GET /v3/insights/summary answers for the key's own world. */
export function getInsightsSummary(worldId: number, query: InsightsSummaryQuery, now: Date = new Date()): Promise<InsightsSummaryData> {
  return summarize({ world: worldId }, query, now);
}
