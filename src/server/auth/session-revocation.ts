// Dashboard sessions are JWTs in a cookie: nothing on the server ends them before
// they expire. Signing out records the session's id here until its expiry, so a
// copied or left-behind cookie stops working the moment its owner signs out.
import { getDb } from "@/server/db/client";

export async function revokeSession(sessionId: string, expiresAt: Date): Promise<void> {
  const db = await getDb();
  await db.revokedSession.upsert({ where: { sessionId }, create: { sessionId, expiresAt }, update: {} });
}

export async function isSessionRevoked(sessionId: string): Promise<boolean> {
  const db = await getDb();
  return (await db.revokedSession.count({ where: { sessionId } })) > 0;
}

/** Housekeeping: a revocation is useless once its session would have expired anyway. */
export async function purgeExpiredRevocations(now: Date): Promise<number> {
  const db = await getDb();
  return (await db.revokedSession.deleteMany({ where: { expiresAt: { lte: now } } })).count;
}
