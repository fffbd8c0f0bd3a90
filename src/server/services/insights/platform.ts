// The operator's view (otpctl insights): the same summary over every merchant's
// live worlds (or every test world), for the on-call engineer.
import { insightsSummaryQuery, type InsightsSummaryData } from "@/schemas/v3/insights";
import type { Mode } from "@/schemas/mode";
import { parseInput } from "@/server/validation";
import { summarize } from "./summary";

const wibToday = (now: Date) => new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** from/to default to the last 7 WIB days, today included. */
export async function getPlatformInsights(input: { from?: string; to?: string; groupBy?: string; mode: Mode }, now: Date = new Date()): Promise<InsightsSummaryData & { mode: Mode }> {
  const to = input.to ?? wibToday(now);
  const query = parseInput(insightsSummaryQuery, { from: input.from ?? daysBefore(to, 6), to, group_by: input.groupBy });
  return { mode: input.mode, ...(await summarize({ allWorlds: input.mode }, query, now)) };
}
