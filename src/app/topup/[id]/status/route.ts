// Polled by the hosted page every few seconds; the same signed hash as the page.
import { getHostedTopupStatus } from "@/server/services/topups/hosted-page";

export const dynamic = "force-dynamic";

const HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const status = await getHostedTopupStatus(id, new URL(request.url).searchParams.get("hash"));
  if (!status) return Response.json({ error: "not_found" }, { status: 404, headers: HEADERS });
  return Response.json(status, { headers: HEADERS });
}
