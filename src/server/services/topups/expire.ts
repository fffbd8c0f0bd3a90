// Pending invoices expire 3 hours after creation: lazily whenever one is read,
// and in bulk by the worker's periodic sweep. Expired only stops the invoice
// being offered; a late gateway payment is still credited (see settle.ts).
import { getDb } from "@/server/db/client";
import type { TopupStatus } from "@/generated/prisma/enums";

/** Marks every overdue Pending top-up Expired; returns how many changed. Safe to run from several workers. */
export async function expireOverdueTopups(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const { count } = await db.topup.updateMany({ where: { status: "Pending", expiresAt: { lte: now } }, data: { status: "Expired" } });
  return count;
}

/** Expires the merchant's overdue Pending top-ups, before a list of them is read. */
export async function expireMerchantOverdue(merchantId: number, now: Date = new Date()): Promise<void> {
  const db = await getDb();
  await db.topup.updateMany({ where: { merchantId, status: "Pending", expiresAt: { lte: now } }, data: { status: "Expired" } });
}

/** The status a reader should see, expiring this one top-up first when it is overdue. */
export async function expireIfOverdue(topup: { topupId: string; status: TopupStatus; expiresAt: Date }, now: Date = new Date()): Promise<TopupStatus> {
  if (topup.status !== "Pending" || topup.expiresAt.getTime() > now.getTime()) return topup.status;
  const db = await getDb();
  await db.topup.updateMany({ where: { topupId: topup.topupId, status: "Pending" }, data: { status: "Expired" } });
  // A settlement may have won the race; read what is now stored.
  const current = await db.topup.findUnique({ where: { topupId: topup.topupId }, select: { status: true } });
  return current?.status ?? "Expired";
}
