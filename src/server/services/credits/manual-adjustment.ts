import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { applyLedgerChange } from "./ledger";

/** Operator credit or debit (otpctl merchant credit); negative amounts debit. */
export async function adjustBalance(merchantPublicId: string, amount: number, reason: string): Promise<{ saldo: number }> {
  if (!Number.isSafeInteger(amount) || amount === 0) throw new AppError("VALIDATION_ERROR", "amount must be a non-zero integer");
  if (!reason.trim()) throw new AppError("VALIDATION_ERROR", "reason is required");
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const merchant = await tx.merchant.findUnique({ where: { merchantId: merchantPublicId }, select: { id: true } });
    if (!merchant) throw new AppError("NOT_FOUND", `Merchant ${merchantPublicId} not found`);
    const saldo = await applyLedgerChange(tx, {
      merchantId: merchant.id,
      amount,
      reason: amount > 0 ? "manual_credit" : "manual_debit",
      note: reason.trim(),
    });
    return { saldo: Number(saldo) };
  });
}
