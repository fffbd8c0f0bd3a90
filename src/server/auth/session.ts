import { getServerSession } from "next-auth";
import { getAuthOptions, SESSION_MAX_AGE_SECONDS } from "./options";
import { isSessionCutOff } from "@/server/services/accounts/session-cutoff";
import { isSessionRevoked } from "./session-revocation";

export type SignedInSession = { merchantId: string; name: string; email: string; sessionId: string };

export type RawSession = { merchantId?: string; sid?: string; signedInAt?: number; user?: { name?: string | null; email?: string | null } };

/**
 * next-auth's decoded session when it is still one we honour: it names its merchant and
 * itself, is within its working day since sign-in, was not signed out, and was not ended by a
 * password change or reset of its account; else null.
 */
export async function liveSession(session: RawSession | null, now: Date = new Date()): Promise<SignedInSession | null> {
  if (!session?.merchantId || !session.sid || typeof session.signedInAt !== "number") return null;
  if (now.getTime() / 1000 - session.signedInAt > SESSION_MAX_AGE_SECONDS) return null;
  const [revoked, cutOff] = await Promise.all([isSessionRevoked(session.sid), isSessionCutOff(session.merchantId, session.sid, session.signedInAt)]);
  if (revoked || cutOff) return null;
  return { merchantId: session.merchantId, name: session.user?.name ?? "", email: session.user?.email ?? "", sessionId: session.sid };
}

/** The signed-in merchant from the session cookie, or null. Works in server components and route handlers. */
export async function getSignedInSession(): Promise<SignedInSession | null> {
  return liveSession((await getServerSession(getAuthOptions())) as RawSession | null);
}

export async function getSignedInMerchantId(): Promise<string | null> {
  return (await getSignedInSession())?.merchantId ?? null;
}
