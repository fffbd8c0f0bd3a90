// The operator's view (otpctl insights): the same summary over every merchant's
// live worlds (or every test world), for the on-call engineer.
import type { InsightsSummaryData, InsightsSummaryQuery } from "@/schemas/v3/insights";
import type { Mode } from "@/schemas/mode";
import { summarize } from "./summary";

const wibToday = (now: Date) => new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** The range when the operator names none (or only its end): the last 7 WIB days, today included. */
export function defaultRange(given: { from?: string; to?: string }, now: Date = new Date()): { from: string; to: string } {
  const to = given.to ?? wibToday(now);
  return { from: given.from ?? daysBefore(to, 6), to };
}

export async function getPlatformInsights(query: InsightsSummaryQuery, mode: Mode, now: Date = new Date()): Promise<InsightsSummaryData & { mode: Mode }> {
  return { mode, ...(await summarize({ allWorlds: mode }, query, now)) };
}
