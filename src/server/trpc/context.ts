import { getSignedInSession } from "@/server/auth/session";
import { resolveClientIp } from "@/server/http/client-ip";
import { modeFromCookieHeader } from "@/server/lib/mode-cookie";
import type { Mode } from "@/schemas/mode";

/**
 * What every procedure knows about the caller: the signed-in merchant's public id
 * (null when signed out), the session's own id (a password change keeps only that
 * session), the client address, which only throttling uses, and the dashboard's
 * mode switch (live unless the merchant switched to test mode).
 */
export type TrpcContext = { merchantPublicId: string | null; sessionId?: string | null; clientIp?: string; mode?: Mode };

export async function createTrpcContext({ req }: { req: Request }): Promise<TrpcContext> {
  const session = await getSignedInSession();
  return {
    merchantPublicId: session?.merchantId ?? null,
    sessionId: session?.sessionId ?? null,
    clientIp: resolveClientIp(req.headers) ?? "unknown",
    mode: modeFromCookieHeader(req.headers.get("cookie")),
  };
}
