// Single-use links for dashboard users. The link carries 32 random bytes; the
// database keeps only their SHA-256, so a leaked table opens no account. A link
// is spent by one conditional update (unused and unexpired → used), so two
// clicks at once cannot both succeed.
import { randomBytes } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { sha256Hex } from "@/server/lib/hashing";

export type TokenPurpose = "verify_email" | "reset_password";

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 30 * 60 * 1000,
};

export const INVALID_LINK = "Tautan tidak valid, sudah dipakai atau sudah kedaluwarsa. Minta tautan baru.";

export async function issueAccountToken(merchantId: number, purpose: TokenPurpose, email: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const db = await getDb();
  await db.accountToken.create({ data: { merchantId, purpose, email, tokenHash: sha256Hex(token), createdAt: now, expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]) } });
  return token;
}

/**
 * Marks the link used and returns whom it was for; a link that is unknown, used,
 * expired or for another purpose is VALIDATION_ERROR with one sentence for all.
 */
export async function spendAccountToken(tx: Prisma.TransactionClient, token: string, purpose: TokenPurpose, now = new Date()): Promise<{ merchantId: number; email: string }> {
  const tokenHash = sha256Hex(token);
  const spent = await tx.accountToken.updateMany({ where: { tokenHash, purpose, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  if (spent.count !== 1) throw new AppError("VALIDATION_ERROR", INVALID_LINK);
  const row = await tx.accountToken.findUniqueOrThrow({ where: { tokenHash }, select: { merchantId: true, email: true } });
  // One reset ends every other reset link of the account (each verification link likewise).
  await tx.accountToken.updateMany({ where: { merchantId: row.merchantId, purpose, usedAt: null }, data: { usedAt: now } });
  return row;
}

export async function purgeExpiredAccountTokens(now: Date): Promise<number> {
  const db = await getDb();
  return (await db.accountToken.deleteMany({ where: { expiresAt: { lte: now } } })).count;
}
