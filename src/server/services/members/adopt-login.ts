// Accounts made before teams (or by a previous-release instance during a rollout)
// have their one login on the merchant row. The first time anything needs that
// account's members, the login becomes a user who is the account's owner, with the
// same e-mail, password, two-step setting and session cut-off: nothing changes for
// the person. The worker also adopts the rest in small batches (adoptLegacyLogins).
import { getDb, type Tx } from "@/server/db/client";
import { newUserId } from "./user-id";
import { PLATFORM_MERCHANT_EMAIL } from "@/server/services/accounts/platform-merchant";

type LegacyLogin = { id: number; email: string; name: string; passwordHash: string | null; twoStepChannel: string | null; twoStepDestination: string | null; sessionsValidFrom: Date | null; sessionKeptId: string | null };

const legacySelect = { id: true, email: true, name: true, passwordHash: true, twoStepChannel: true, twoStepDestination: true, sessionsValidFrom: true, sessionKeptId: true } as const;

async function adoptInTx(tx: Tx, m: LegacyLogin): Promise<void> {
  if ((await tx.membership.count({ where: { merchantId: m.id } })) > 0) return;
  const user = await tx.user.upsert({
    where: { email: m.email },
    update: {},
    create: {
      userId: newUserId(),
      email: m.email,
      name: m.name,
      passwordHash: m.passwordHash,
      twoStepChannel: m.twoStepChannel,
      twoStepDestination: m.twoStepDestination,
      sessionsValidFrom: m.sessionsValidFrom,
      sessionKeptId: m.sessionKeptId,
    },
  });
  await tx.membership.upsert({ where: { userId_merchantId: { userId: user.id, merchantId: m.id } }, update: {}, create: { userId: user.id, merchantId: m.id, role: "owner" } });
}

const adoptable = { liveMerchantId: null, email: { not: PLATFORM_MERCHANT_EMAIL }, memberships: { none: {} } };

/** The merchant whose own login is this e-mail, adopted if it was not yet. */
export async function adoptLoginByEmail(email: string): Promise<void> {
  const db = await getDb();
  const m = await db.merchant.findFirst({ where: { ...adoptable, email }, select: legacySelect });
  if (m) await db.$transaction((tx) => adoptInTx(tx, m)).catch(ignoreRace);
}

export async function adoptLoginOfMerchant(merchantId: number): Promise<void> {
  const db = await getDb();
  const m = await db.merchant.findFirst({ where: { ...adoptable, id: merchantId }, select: legacySelect });
  if (m) await db.$transaction((tx) => adoptInTx(tx, m)).catch(ignoreRace);
}

/** Worker pass: up to `limit` accounts without members become owner members; returns how many. */
export async function adoptLegacyLogins(limit = 500): Promise<number> {
  const db = await getDb();
  const rows = await db.merchant.findMany({ where: adoptable, select: legacySelect, orderBy: { id: "asc" }, take: limit });
  for (const m of rows) await db.$transaction((tx) => adoptInTx(tx, m)).catch(ignoreRace);
  return rows.length;
}

/** Two adoptions of one account at once: the other one's rows stand. */
function ignoreRace(err: unknown): void {
  if ((err as { code?: string }).code !== "P2002") throw err;
}
