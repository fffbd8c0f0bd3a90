import { getServerSession } from "next-auth";
import { cookies } from "next/headers";
import { MERCHANT_COOKIE } from "@/lib/merchant-cookie";
import type { StoredRole } from "@/schemas/dashboard/members";
import { isUserSessionCutOff, resolveMember, userOfLegacySession } from "@/server/services/members/resolve-member";
import { getAuthOptions, SESSION_MAX_AGE_SECONDS } from "./options";
import { isSessionRevoked } from "./session-revocation";

/** merchantId is the account the person acts in now; userId the person. */
export type SignedInSession = { userId: string; merchantId: string; role: StoredRole; name: string; email: string; sessionId: string };

export type RawSession = { userId?: string; merchantId?: string; sid?: string; signedInAt?: number; user?: { name?: string | null; email?: string | null } };

/**
 * next-auth's decoded session when it is still one we honour: it names its person and
 * itself, is within its working day since sign-in, was not signed out, was not ended
 * by a password change or reset, and its person is still a member of some account
 * (the chosen one, `chosenMerchant`, when still a member there); else null.
 */
export async function liveSession(session: RawSession | null, now: Date = new Date(), chosenMerchant?: string | null): Promise<SignedInSession | null> {
  if (!session?.sid || typeof session.signedInAt !== "number") return null;
  if (now.getTime() / 1000 - session.signedInAt > SESSION_MAX_AGE_SECONDS) return null;
  const userId = session.userId ?? (session.merchantId ? await userOfLegacySession(session.merchantId) : null);
  if (!userId) return null;
  const [revoked, cutOff] = await Promise.all([isSessionRevoked(session.sid), isUserSessionCutOff(userId, session.sid, session.signedInAt)]);
  if (revoked || cutOff) return null;
  const member = await resolveMember(userId, [chosenMerchant, session.merchantId]);
  if (!member) return null;
  return { userId, merchantId: member.merchantId, role: member.role, name: member.name || (session.user?.name ?? ""), email: member.email, sessionId: session.sid };
}

/** The signed-in person and the account they act in, from the session cookie, or null. Works in server components and route handlers. */
export async function getSignedInSession(): Promise<SignedInSession | null> {
  const chosen = (await cookies()).get(MERCHANT_COOKIE)?.value ?? null;
  return liveSession((await getServerSession(getAuthOptions())) as RawSession | null, new Date(), chosen);
}

export async function getSignedInMerchantId(): Promise<string | null> {
  return (await getSignedInSession())?.merchantId ?? null;
}
