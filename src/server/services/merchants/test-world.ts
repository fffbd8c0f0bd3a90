// Test mode: each live account has one test world, a second merchants row linked by
// live_merchant_id, with its own saldo, keys, OTPs, ledger, top-ups, webhook endpoint
// and sandbox messages. Whatever is scoped by merchant_id is scoped by mode with it,
// so the two worlds cannot see each other's rows. Identity and settings (name, brand,
// prices, limits, allowlist) are the live row's, read from there (docs/test-mode.md).
import { getDb, type Db, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { applyLedgerChange } from "@/server/services/credits/ledger";
import { TEST_OPENING_NOTE, type Mode } from "@/schemas/mode";

/** What a new test world starts with, in test credits. */
export const TEST_OPENING_SALDO = 1_000_000;

/** Creates the test world of a live merchant with its opening test saldo; returns its internal id. */
export async function createTestWorldInTx(tx: Tx, live: { id: number; merchantId: string; name: string }): Promise<number> {
  const world = await tx.merchant.create({
    data: {
      // Never shown or typed: operators and merchants name a world by the live id and a mode.
      merchantId: `${live.merchantId}_test`,
      name: live.name,
      email: `test:${live.merchantId}`,
      liveMerchantId: live.id,
      emailVerifiedAt: new Date(),
    },
    select: { id: true },
  });
  await applyLedgerChange(tx, { merchantId: world.id, amount: TEST_OPENING_SALDO, reason: "manual_credit", note: TEST_OPENING_NOTE });
  return world.id;
}

export type World = { id: number; liveId: number; livemode: boolean };

/** The row of one mode of the live merchant with this public id; null when there is no such live merchant. */
export async function findWorld(db: Db | Tx, merchantPublicId: string, mode: Mode): Promise<World | null> {
  const live = await db.merchant.findFirst({
    where: { merchantId: merchantPublicId, liveMerchantId: null },
    select: { id: true, testWorld: { select: { id: true } } },
  });
  if (!live) return null;
  if (mode === "live") return { id: live.id, liveId: live.id, livemode: true };
  // Every live merchant has one (sign-up, otpctl and the test-mode migration create it).
  if (!live.testWorld) throw new AppError("INTERNAL_ERROR", `Merchant ${merchantPublicId} belum memiliki mode uji.`);
  return { id: live.testWorld.id, liveId: live.id, livemode: false };
}

/** findWorld for callers that need the merchant to exist. */
export async function requireWorld(db: Db | Tx, merchantPublicId: string, mode: Mode): Promise<World> {
  const world = await findWorld(db, merchantPublicId, mode);
  if (!world) throw new AppError("NOT_FOUND", `Merchant ${merchantPublicId} tidak ditemukan.`);
  return world;
}

/** requireWorld on the service's own connection, for callers outside a transaction (otpctl). */
export async function findWorldOf(merchantPublicId: string, mode: Mode): Promise<World> {
  return requireWorld(await getDb(), merchantPublicId, mode);
}
