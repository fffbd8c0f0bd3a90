import { getSignedInSession } from "@/server/auth/session";
import { resolveClientIp } from "@/server/lib/client-ip";
import { modeFromCookieHeader } from "@/server/lib/mode-cookie";
import type { Mode } from "@/schemas/mode";

/**
 * What every procedure knows about the caller: the signed-in person's public id and the
 * account they act in (null when signed out), the session's own id (a password change
 * keeps only that session), the client address and browser (throttling and the audit
 * log), and the dashboard's mode switch (live unless switched to test mode).
 */
export type TrpcContext = { userPublicId?: string | null; merchantPublicId: string | null; sessionId?: string | null; clientIp?: string; userAgent?: string | null; mode?: Mode };

export async function createTrpcContext({ req }: { req: Request }): Promise<TrpcContext> {
  const session = await getSignedInSession();
  return {
    userPublicId: session?.userId ?? null,
    merchantPublicId: session?.merchantId ?? null,
    sessionId: session?.sessionId ?? null,
    clientIp: resolveClientIp(req.headers) ?? "unknown",
    userAgent: req.headers.get("user-agent"),
    mode: modeFromCookieHeader(req.headers.get("cookie")),
  };
}
