import { methodNotAllowed, v3Route } from "@/server/http/v3-route";
import { getInsightsSummary } from "@/server/services/insights/summary";
import { parseV3Body } from "@/server/validation";
import { insightsSummaryQuery } from "@/schemas/v3/insights";

export const dynamic = "force-dynamic";

export const GET = v3Route(async (ctx) => getInsightsSummary(ctx.merchant.id, parseV3Body(insightsSummaryQuery, Object.fromEntries(ctx.query()))));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
