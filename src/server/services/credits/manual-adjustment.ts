import { getDb } from "@/server/db/client";
import { AppError, isAppError } from "@/server/errors";
import { operatorOn, recordAudit } from "@/server/services/audit/record-audit";
import { applyLedgerChange } from "./ledger";

/** Operator credit or debit (otpctl merchant credit) of one world's saldo (internal id: the live row or its test world); negative amounts debit. */
export async function adjustBalance(merchantId: number, amount: number, reason: string): Promise<{ saldo: number }> {
  if (!Number.isSafeInteger(amount) || amount === 0) throw new AppError("VALIDATION_ERROR", "amount harus bilangan bulat selain 0.");
  if (!reason.trim()) throw new AppError("VALIDATION_ERROR", "reason wajib diisi.");
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const saldo = await applyLedgerChange(tx, {
      merchantId,
      amount,
      reason: amount > 0 ? "manual_credit" : "manual_debit",
      note: reason.trim(),
    }).catch(async (err: unknown) => {
      // The ledger's message speaks to merchants (top up via /v3/topups); the operator needs the figures.
      if (!isAppError(err) || err.code !== "INSUFFICIENT_BALANCE") throw err;
      const { saldo: current } = await tx.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { saldo: true } });
      throw new AppError("INSUFFICIENT_BALANCE", `Tidak dapat mendebit ${-amount}: saldo ${current}, dan debit tidak boleh membuat saldo di bawah 0.`);
    });
    // The operator's change to the account's money is in its audit log, with the same transaction.
    await recordAudit(tx, { ...operatorOn(merchantId), action: "saldo.adjust", target: amount > 0 ? "manual_credit" : "manual_debit", before: { saldo: Number(saldo) - amount }, after: { saldo: Number(saldo), reason: reason.trim() } });
    return { saldo: Number(saldo) };
  });
}
