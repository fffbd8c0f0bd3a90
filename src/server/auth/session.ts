import { getServerSession } from "next-auth";
import { getAuthOptions } from "./options";

export type SignedInSession = { merchantId: string; name: string; email: string };

/** The signed-in merchant from the session cookie, or null. Works in server components and route handlers. */
export async function getSignedInSession(): Promise<SignedInSession | null> {
  const session = (await getServerSession(getAuthOptions())) as { merchantId?: string; user?: { name?: string | null; email?: string | null } } | null;
  if (!session?.merchantId) return null;
  return { merchantId: session.merchantId, name: session.user?.name ?? "", email: session.user?.email ?? "" };
}

export async function getSignedInMerchantId(): Promise<string | null> {
  return (await getSignedInSession())?.merchantId ?? null;
}
