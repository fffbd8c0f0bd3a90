// Xendit payment callbacks (QR payments and fixed-VA payments). Authenticated by
// the x-callback-token header; duplicates are answered 200 so Xendit stops retrying.
import { getEnv } from "@/env";
import { hookBodyRefused, unusableHookAcknowledged, XENDIT_HOOK_MAX_BYTES } from "@/server/http/hook-body";
import { holdsNul } from "@/server/lib/control-characters";
import { readCappedBody } from "@/server/lib/capped-body";
import { checkXenditCallbackToken, parseXenditCallback } from "@/server/payments/xendit-callback";
import { handleGatewayNotification } from "@/server/services/topups/gateway-notification";
import { log, stackOf } from "@/server/log";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const check = checkXenditCallbackToken(request.headers.get("x-callback-token"), getEnv().XENDIT_CALLBACK_TOKEN);
  // With no token configured nothing can prove a callback genuine: refused like a forged one.
  if (check !== "ok") return Response.json({ error: "invalid callback token" }, { status: 401 });

  // Capped like the other vendor callbacks: an oversized body is refused before it is held in memory.
  const raw = await readCappedBody(request, XENDIT_HOOK_MAX_BYTES);
  if (!raw.ok) return hookBodyRefused(raw.error);
  let body: unknown;
  try {
    body = JSON.parse(raw.text);
  } catch {
    return Response.json({ error: "body is not JSON" }, { status: 400 });
  }
  if (holdsNul(body)) return unusableHookAcknowledged("xendit", { received: true, outcome: "ignored" });
  try {
    const outcome = await handleGatewayNotification(parseXenditCallback(body));
    return Response.json({ received: true, outcome });
  } catch (err) {
    log.error({ error: stackOf(err) }, "xendit callback failed");
    // 500 makes Xendit retry later, which is what we want when the database hiccups.
    return Response.json({ error: "internal error" }, { status: 500 });
  }
}
