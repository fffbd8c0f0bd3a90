// Sandbox only: "Simulasikan pembayaran" on the hosted page. 404 when a real gateway is in use.
import { simulateSandboxPayment } from "@/server/services/topups/hosted-page";

export const dynamic = "force-dynamic";

const HEADERS = { "Cache-Control": "no-store" };

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const status = await simulateSandboxPayment(id, new URL(request.url).searchParams.get("hash"));
  if (!status) return Response.json({ error: "not_found" }, { status: 404, headers: HEADERS });
  return Response.json(status, { headers: HEADERS });
}
