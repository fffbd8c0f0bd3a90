// Delivery receipts of an HTTP SMS aggregator route (contract: docs/vendors.md), posted to
// /api/hooks/http-sms/<route> and signed with that route's webhook secret.
import { readCappedBody } from "@/server/lib/capped-body";
import { hookBodyRefused, HTTP_SMS_HOOK_MAX_BYTES, unusableHookAcknowledged } from "@/server/http/hook-body";
import { holdsNul } from "@/server/lib/control-characters";
import { validSha256Signature } from "@/server/lib/vendor-signatures";
import { handleHttpSmsReceipt } from "@/server/services/delivery/http-sms-receipt";
import { httpSmsWebhookSecret } from "@/server/services/routing/hook-secrets";
import { log, messageOf } from "@/server/log";

export const dynamic = "force-dynamic";

export async function POST(request: Request, context: { params: Promise<{ route: string }> }): Promise<Response> {
  const { route } = await context.params;
  // An unknown route (or one without a secret) cannot prove anything genuine: the body is not even read.
  const secret = holdsNul(route) ? null : await httpSmsWebhookSecret(route).catch(() => null);
  if (!secret) return Response.json({ error: "invalid signature" }, { status: 401 });
  const body = await readCappedBody(request, HTTP_SMS_HOOK_MAX_BYTES);
  if (!body.ok) return hookBodyRefused(body.error);
  if (!validSha256Signature(secret, body.text, request.headers.get("x-signature"))) return Response.json({ error: "invalid signature" }, { status: 401 });
  let payload: unknown;
  try {
    payload = JSON.parse(body.text);
  } catch {
    return Response.json({ ok: true, applied: false });
  }
  if (holdsNul(payload)) return unusableHookAcknowledged("http_sms", { ok: true, applied: false });
  try {
    const result = await handleHttpSmsReceipt(payload);
    return Response.json({ ok: true, applied: result !== null });
  } catch (err) {
    // Not recorded (database unreachable): a non-2xx makes the aggregator send it again.
    log.error({ route, error: messageOf(err) }, "http_sms receipt not recorded");
    return Response.json({ error: "temporarily unavailable" }, { status: 503 });
  }
}
