// Money moves only here: a conditional update of saldo plus a ledger row, in the
// caller's transaction. Never read-modify-write, so concurrent requests can
// neither overdraw nor lose an update.
import type { Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { LedgerReason } from "@/generated/prisma/enums";


/**
 * The largest saldo an account may hold: far above any real balance (10^15 rupiah) and
 * below 2^53, so saldo and last_balance always stay exact JSON numbers.
 */
export const MAX_SALDO = 1_000_000_000_000_000n;

export type LedgerChange = {
  merchantId: number;
  /** Signed amount in credits: negative debits. */
  amount: bigint | number;
  reason: LedgerReason;
  /** otp_id, topup_id…; (reason, reference) is unique, so one reference is applied once. */
  reference?: string | null;
  note?: string;
};

/** Applies one balance change and records it; returns the new saldo. Throws INSUFFICIENT_BALANCE on overdraft. */
export async function applyLedgerChange(tx: Tx, change: LedgerChange): Promise<bigint> {
  const amount = BigInt(change.amount);
  const rows = await tx.$queryRaw<{ saldo: bigint }[]>`
    UPDATE merchants SET saldo = saldo + ${amount}, updated_at = now()
    WHERE id = ${change.merchantId} AND saldo + ${amount} BETWEEN 0 AND ${MAX_SALDO}
    RETURNING saldo`;
  if (rows.length === 0 && amount > 0n) throw new AppError("VALIDATION_ERROR", `Saldo tidak boleh melebihi ${MAX_SALDO} kredit.`);
  if (rows.length === 0) throw new AppError("INSUFFICIENT_BALANCE");
  const saldo = rows[0].saldo;
  await tx.ledgerEntry.create({
    data: {
      merchantId: change.merchantId,
      amount,
      balanceAfter: saldo,
      reason: change.reason,
      reference: change.reference ?? null,
      note: change.note ?? "",
    },
  });
  return saldo;
}

/** Whether saldo equals the sum of the merchant's ledger (the invariant every balance change keeps). */
export async function ledgerIsBalanced(tx: Tx, merchantId: number): Promise<{ saldo: bigint; ledgerSum: bigint; balanced: boolean }> {
  const [row] = await tx.$queryRaw<{ saldo: bigint; ledger_sum: bigint }[]>`
    SELECT m.saldo, COALESCE((SELECT SUM(amount) FROM ledger_entries l WHERE l.merchant_id = m.id), 0)::bigint AS ledger_sum
    FROM merchants m WHERE m.id = ${merchantId}`;
  return { saldo: row.saldo, ledgerSum: row.ledger_sum, balanced: row.saldo === row.ledger_sum };
}
