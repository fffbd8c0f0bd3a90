import { routeOf } from "@/server/http/v3-endpoint";
import { insightsSummaryEndpoint } from "@/server/http/v3-endpoints/insights-summary";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(insightsSummaryEndpoint);
