// Dashboard sessions are JWTs that no server list holds, so "end every other
// session" is a moment on the account: a session signed in before it is over,
// unless it is the one session named as kept (the one that changed the password).
// Sessions carry their sign-in time in whole seconds, so the cut-off compares
// whole seconds too: a session signed in during the second after a reset lives.
import { getDb } from "@/server/db/client";

export function endOtherSessions(now: Date, keptSessionId: string | null) {
  return { sessionsValidFrom: now, sessionKeptId: keptSessionId };
}

/** Whether a session (sign-in time in epoch seconds) was ended by a password change or reset of its account. */
export async function isSessionCutOff(merchantPublicId: string, sessionId: string, signedInAtSeconds: number): Promise<boolean> {
  const db = await getDb();
  const merchant = await db.merchant.findUnique({ where: { merchantId: merchantPublicId }, select: { sessionsValidFrom: true, sessionKeptId: true } });
  if (!merchant?.sessionsValidFrom || merchant.sessionKeptId === sessionId) return false;
  return signedInAtSeconds < Math.floor(merchant.sessionsValidFrom.getTime() / 1000);
}
