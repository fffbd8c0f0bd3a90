import { getEnv } from "@/env";
import { readCappedBody } from "@/server/lib/capped-body";
import { hookBodyRefused, unusableHookAcknowledged, WHATSAPP_HOOK_MAX_BYTES } from "@/server/http/hook-body";
import { holdsNul } from "@/server/lib/control-characters";
import { safeEqual } from "@/server/lib/hashing";
import { validMetaSignature } from "@/server/lib/vendor-signatures";
import { handleWhatsAppWebhook } from "@/server/services/delivery/whatsapp-webhook";
import { whatsappAppSecrets } from "@/server/services/routing/hook-secrets";
import { log, messageOf } from "@/server/log";

export const dynamic = "force-dynamic";

/** Meta's subscription handshake: echo hub.challenge when the verify token matches. */
export function GET(request: Request): Response {
  const params = new URL(request.url).searchParams;
  const token = getEnv().WHATSAPP_VERIFY_TOKEN;
  if (params.get("hub.mode") === "subscribe" && token && safeEqual(params.get("hub.verify_token") ?? "", token)) {
    return new Response(params.get("hub.challenge") ?? "", { status: 200, headers: { "content-type": "text/plain" } });
  }
  return Response.json({ error: "verification failed" }, { status: 403 });
}

/** The environment's app secret, and those of WhatsApp routes of other apps (docs/routing.md); the environment's alone when the database does not answer. */
async function appSecrets(): Promise<string[]> {
  const fromEnv = getEnv().WHATSAPP_APP_SECRET;
  return whatsappAppSecrets().catch(() => (fromEnv ? [fromEnv] : []));
}

/**
 * Inbound messages and statuses, signed with the app secret; anything unsigned is
 * refused and ignored. A valid signed post is answered 200 whatever it holds —
 * only a failure to record it (database down) answers 503, so Meta sends it again.
 * A body over Meta's own 3 MB limit is 413 before any of it is checked or used.
 */
export async function POST(request: Request): Promise<Response> {
  const secrets = await appSecrets();
  // Without a secret nothing can be proven genuine, so the body is not even read.
  if (secrets.length === 0) return Response.json({ error: "invalid signature" }, { status: 401 });
  const body = await readCappedBody(request, WHATSAPP_HOOK_MAX_BYTES);
  if (!body.ok) return hookBodyRefused(body.error);
  const raw = body.text;
  const signature = request.headers.get("x-hub-signature-256");
  if (!secrets.some((secret) => validMetaSignature(secret, raw, signature))) {
    return Response.json({ error: "invalid signature" }, { status: 401 });
  }
  let payload: unknown = null;
  try {
    payload = JSON.parse(raw);
  } catch {
    return Response.json({ ok: true, matched: [], receipts: 0 });
  }
  if (holdsNul(payload)) return unusableHookAcknowledged("whatsapp", { ok: true, matched: [], receipts: 0 });
  try {
    const { matched, receipts } = await handleWhatsAppWebhook(payload);
    return Response.json({ ok: true, matched, receipts });
  } catch (err) {
    log.error({ error: messageOf(err) }, "whatsapp webhook not recorded");
    return Response.json({ error: "temporarily unavailable" }, { status: 503 });
  }
}
