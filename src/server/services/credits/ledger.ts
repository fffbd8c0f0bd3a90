// Money moves only here (checked by tests/unit/money-moves-in-ledger.test.ts): every
// change of merchants.saldo is a conditional update plus its ledger_entries row, never
// read-modify-write, either in a caller's transaction (applyLedgerChange) or as CTEs
// inside a hot-path statement (chargeCtes, refundCtes). One rule for both: a charge
// never takes saldo below 0, money coming in never above MAX_SALDO, a refund is never refused.
import type { Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { LedgerReason } from "@/generated/prisma/enums";

/**
 * The largest saldo that top-ups and credits may reach: far above any real balance
 * (10^15 rupiah) and, with the refunds of the charges in flight on top, far below
 * 2^53, so saldo and last_balance always stay exact JSON numbers.
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

/** The upper bound a change may take saldo to: none for a refund (it returns an earlier charge). */
function ceilingFor(reason: LedgerReason): bigint | null {
  return reason === "otp_refund" ? null : MAX_SALDO;
}

/** Applies one balance change and records it; returns the new saldo. Throws INSUFFICIENT_BALANCE on overdraft. */
export async function applyLedgerChange(tx: Tx, change: LedgerChange): Promise<bigint> {
  const amount = BigInt(change.amount);
  const ceiling = ceilingFor(change.reason);
  const rows = await tx.$queryRaw<{ saldo: bigint }[]>`
    UPDATE merchants SET saldo = saldo + ${amount}, updated_at = now()
    WHERE id = ${change.merchantId} AND saldo + ${amount} >= 0 AND (${ceiling}::bigint IS NULL OR saldo + ${amount} <= ${ceiling}::bigint)
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

/**
 * A charge or refund written inside a caller's statement, by its placeholders ("$6"; the
 * fragment adds the casts): the merchant's internal id, the amount (a price, never
 * negative), the ledger reference and optionally its note; `when`, a condition the change waits on.
 */
export type LedgerCteParams = { merchantId: string; amount: string; reference: string; note?: string; when?: string };

function ledgerInsert(p: LedgerCteParams, source: string, reason: "otp_charge" | "otp_refund"): string {
  const sign = reason === "otp_charge" ? "-" : "";
  const [noteColumn, noteValue] = p.note === undefined ? ["", ""] : [", note", `, ${p.note}::text`];
  return `INSERT INTO ledger_entries (merchant_id, amount, balance_after, reason, reference${noteColumn})
     SELECT ${p.merchantId}::int, ${sign}${p.amount}::bigint, saldo, '${reason}', ${p.reference}::text${noteValue} FROM ${source}`;
}

/**
 * CTEs `<name>` (the charge; its row holds the new saldo, and is absent when the saldo
 * cannot pay) and `ledger`: the otp_charge of the amount. Put them last in the statement,
 * so the saldo row stays locked only for the charge, its ledger row and the COMMIT.
 */
export function chargeCtes(name: string, p: LedgerCteParams): string {
  return `${name} AS (
     UPDATE merchants SET saldo = saldo - ${p.amount}::int, updated_at = now()
     WHERE id = ${p.merchantId}::int AND saldo >= ${p.amount}::int${p.when ? ` AND ${p.when}` : ""}
     RETURNING saldo
   ), ledger AS (
     ${ledgerInsert(p, name, "otp_charge")}
   )`;
}

/** CTEs `<name>` (its row holds the new saldo) and `ledger`: the otp_refund of the amount, never refused. */
export function refundCtes(name: string, p: LedgerCteParams): string {
  return `${name} AS (
     UPDATE merchants SET saldo = saldo + ${p.amount}::int, updated_at = now() WHERE id = ${p.merchantId}::int${p.when ? ` AND ${p.when}` : ""} RETURNING saldo
   ), ledger AS (
     ${ledgerInsert(p, name, "otp_refund")}
   )`;
}

/** Whether saldo equals the sum of the merchant's ledger (the invariant every balance change keeps). */
export async function ledgerIsBalanced(tx: Tx, merchantId: number): Promise<{ saldo: bigint; ledgerSum: bigint; balanced: boolean }> {
  const [row] = await tx.$queryRaw<{ saldo: bigint; ledger_sum: bigint }[]>`
    SELECT m.saldo, COALESCE((SELECT SUM(amount) FROM ledger_entries l WHERE l.merchant_id = m.id), 0)::bigint AS ledger_sum
    FROM merchants m WHERE m.id = ${merchantId}`;
  return { saldo: row.saldo, ledgerSum: row.ledger_sum, balanced: row.saldo === row.ledger_sum };
}
