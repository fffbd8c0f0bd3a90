// The dashboard's Insights page (docs/insights.md): the same range rules as GET /v3/insights/summary.
import { z } from "zod";
import { insightsRangeSchema } from "../v3/insights";

export const insightsRangeInput = insightsRangeSchema(z.undefined().optional());
export type InsightsRangeInput = z.input<typeof insightsRangeInput>;

/** Each breakdown the page shows can be downloaded; "unverified" is the table of credits spent on OTPs never verified. */
export const INSIGHTS_CSV = ["channel", "operator", "day", "hour", "fallback_step", "unverified"] as const;
export type InsightsCsvKind = (typeof INSIGHTS_CSV)[number];
export const insightsCsvInput = insightsRangeSchema(z.undefined().optional()).and(z.object({ breakdown: z.enum(INSIGHTS_CSV) }));
export type InsightsCsvQuery = z.output<typeof insightsCsvInput>;

const counts = {
  created: z.number(),
  delivered: z.number(),
  verified: z.number(),
  failed: z.number(),
  expired: z.number(),
  locked: z.number(),
  spend: z.number(),
  unverifiedSpend: z.number(),
  conversionRate: z.number(),
};
const bucket = z.object({ key: z.string(), ...counts });
const timing = z.object({ count: z.number(), medianSeconds: z.number().nullable(), p90Seconds: z.number().nullable() });

export const insightsReportOutput = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object(counts),
  byChannel: z.array(bucket),
  byOperator: z.array(bucket),
  byDay: z.array(bucket),
  byHour: z.array(bucket),
  byFallbackStep: z.array(bucket),
  unverifiedSpend: z.array(z.object({ channel: z.string(), operator: z.string(), created: z.number(), unverified: z.number(), unverifiedSpend: z.number() })),
  toDelivered: timing,
  toVerified: timing,
  verifyDistribution: z.array(z.object({ label: z.string(), fromSeconds: z.number(), count: z.number() })),
});
export type InsightsReportData = z.output<typeof insightsReportOutput>;
