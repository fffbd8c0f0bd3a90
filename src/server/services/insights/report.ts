// The dashboard's Insights page: every breakdown at once, the timings, and where
// credits went to OTPs nobody verified. Same numbers as GET /v3/insights/summary.
import type { InsightsGroup } from "@/schemas/v3/insights";
import { inSnapshot, readBreakdowns, readTimings, type Counts, type DayRange, type KeyedCounts, type Scope } from "./query";
import { completeBuckets, conversionRate, ZERO } from "./summary";
import { distribution, timingFigures } from "./timings";

const GROUPS = ["total", "channel", "operator", "day", "hour", "fallback_step", "channel_operator"] as const;

export type ReportBucket = KeyedCounts & { conversionRate: number };
const withRate = (c: KeyedCounts): ReportBucket => ({ ...c, conversionRate: conversionRate(c.verified, c.created) });

export async function insightsReport(scope: Scope, range: DayRange, now: Date) {
  const [found, timings] = await inSnapshot(async (tx) => [await readBreakdowns(tx, scope, range, GROUPS, now), await readTimings(tx, scope, range, now)] as const);
  const total: Counts = found.total[0] ?? ZERO;
  const by = (g: InsightsGroup) => completeBuckets(g, range, found[g]).map(withRate);
  return {
    from: range.from,
    to: range.to,
    totals: { ...total, conversionRate: conversionRate(total.verified, total.created) },
    byChannel: by("channel"),
    byOperator: by("operator"),
    byDay: by("day"),
    byHour: by("hour"),
    byFallbackStep: by("fallback_step"),
    /** Credits spent on OTPs never verified, per channel and operator, the costliest first. */
    unverifiedSpend: found.channel_operator
      .map((c) => {
        const [channel, operator] = c.key.split(":");
        return { channel, operator, created: c.created, unverified: c.created - c.verified, unverifiedSpend: c.unverifiedSpend };
      })
      .filter((r) => r.unverifiedSpend > 0)
      .sort((a, b) => b.unverifiedSpend - a.unverifiedSpend || (a.channel + a.operator).localeCompare(b.channel + b.operator)),
    toDelivered: timingFigures(timings, "delivered"),
    toVerified: timingFigures(timings, "verified"),
    verifyDistribution: distribution(timings, "verified"),
  };
}

export type InsightsReport = Awaited<ReturnType<typeof insightsReport>>;

/** One world's page. */
export function getInsightsReport(worldId: number, range: DayRange, now: Date = new Date()): Promise<InsightsReport> {
  return insightsReport({ world: worldId }, range, now);
}
