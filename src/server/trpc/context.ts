import { getSignedInMerchantId } from "@/server/auth/session";
import { resolveClientIp } from "@/server/lib/client-ip";

/**
 * What every procedure knows about the caller: the signed-in merchant's public id
 * (null when signed out) and the client address, which only throttling uses.
 */
export type TrpcContext = { merchantPublicId: string | null; clientIp?: string };

export async function createTrpcContext({ req }: { req: Request }): Promise<TrpcContext> {
  return { merchantPublicId: await getSignedInMerchantId(), clientIp: resolveClientIp(req.headers) ?? "unknown" };
}
