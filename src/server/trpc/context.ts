import { getSignedInSession } from "@/server/auth/session";
import { resolveClientIp } from "@/server/lib/client-ip";

/**
 * What every procedure knows about the caller: the signed-in merchant's public id
 * (null when signed out), the session's own id (a password change keeps only that
 * session) and the client address, which only throttling uses.
 */
export type TrpcContext = { merchantPublicId: string | null; sessionId?: string | null; clientIp?: string };

export async function createTrpcContext({ req }: { req: Request }): Promise<TrpcContext> {
  const session = await getSignedInSession();
  return { merchantPublicId: session?.merchantId ?? null, sessionId: session?.sessionId ?? null, clientIp: resolveClientIp(req.headers) ?? "unknown" };
}
