// Seeds the insights mix into the integration tests' database and reads summaries through the route.
import { GET as summaryRoute } from "@/app/v3/insights/summary/route";
import { getDb } from "@/server/db/client";
import { readEnvelope, v3Request } from "./http";
import { expectedBy, expectedFor, insightsMix, seedInsightsMix, type Expected, type MixOtp } from "./insights-mix";
import type { InsightsSummaryData } from "@/schemas/v3/insights";

export async function seedMix(worldId: number, lastDay: string, tag?: string): Promise<MixOtp[]> {
  const mix = insightsMix(lastDay, tag);
  const db = await getDb();
  await seedInsightsMix((sql, params) => db.$executeRawUnsafe(sql, ...params), worldId, mix);
  return mix;
}

export async function summary(key: string, query: string) {
  return readEnvelope<InsightsSummaryData>(await summaryRoute(v3Request(`/v3/insights/summary?${query}`, { key })));
}

/** What the API carries for expected figures. */
export function asApi(e: Expected) {
  return { created: e.created, delivered: e.delivered, verified: e.verified, failed: e.failed, expired: e.expired, locked: e.locked, spend: e.spend, conversion_rate: Math.round((e.verified / e.created) * 10_000) / 10_000 };
}

export const MIX_KEYS: Record<"channel" | "operator" | "day" | "hour" | "fallback_step", (o: MixOtp) => string> = {
  channel: (o) => o.channel,
  operator: (o) => o.operator,
  day: (o) => o.day,
  hour: (o) => String(o.hour).padStart(2, "0"),
  fallback_step: (o) => (o.fallback ? "1" : "0"),
};

export { expectedBy, expectedFor };
