import { getEnv } from "@/env";
import { TWILIO_STATUS_PATH } from "@/server/channels/vendors/twilio";
import { readCappedBody } from "@/server/lib/capped-body";
import { hookBodyRefused, TWILIO_HOOK_MAX_BYTES, unusableHookAcknowledged } from "@/server/http/hook-body";
import { holdsNul } from "@/server/lib/control-characters";
import { validTwilioSignature } from "@/server/lib/vendor-signatures";
import { handleTwilioStatus } from "@/server/services/delivery/twilio-status";
import { twilioAuthToken } from "@/server/services/routing/hook-secrets";
import { log, messageOf } from "@/server/log";

export const dynamic = "force-dynamic";

/**
 * Twilio status callbacks for SMS and calls, signed over the URL Twilio was given with the
 * auth token of the route that sent (its name is in the URL; none: the environment's).
 */
export async function POST(request: Request): Promise<Response> {
  const env = getEnv();
  const route = new URL(request.url).searchParams.get("route");
  const authToken = await twilioAuthToken(route && !holdsNul(route) ? route : null).catch(() => null);
  if (!authToken) return Response.json({ error: "invalid signature" }, { status: 403 });
  const body = await readCappedBody(request, TWILIO_HOOK_MAX_BYTES);
  if (!body.ok) return hookBodyRefused(body.error);
  const params = Object.fromEntries(new URLSearchParams(body.text));
  // Twilio signs the StatusCallback URL exactly as the adapters gave it (BASE_URL, path and query).
  const { search, searchParams } = new URL(request.url);
  const url = `${env.BASE_URL}${TWILIO_STATUS_PATH}${search}`;
  if (!validTwilioSignature(authToken, url, params, request.headers.get("x-twilio-signature"))) {
    return Response.json({ error: "invalid signature" }, { status: 403 });
  }
  if (holdsNul(params) || holdsNul(searchParams.get("otp_id"))) return unusableHookAcknowledged("twilio", { ok: true });
  try {
    await handleTwilioStatus(params, searchParams.get("otp_id"));
  } catch (err) {
    // Not recorded (database unreachable): a non-2xx shows as a failed callback in Twilio, which retries.
    log.error({ error: messageOf(err) }, "twilio status callback not recorded");
    return Response.json({ error: "temporarily unavailable" }, { status: 503 });
  }
  return new Response(null, { status: 204 });
}
