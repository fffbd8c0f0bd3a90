// Prometheus scrape endpoint on the app's own port; 404 unless METRICS_TOKEN is
// set (see src/server/metrics-scrape/exposition.ts and docs/operations/).
import { answerScrape } from "@/server/metrics-scrape/exposition";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const answer = await answerScrape(request.headers.get("authorization"), "app");
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
