// Every debit and credit on the merchant's saldo, newest first, with its reference.
import { Prisma } from "@/generated/prisma/client";
import { getDb, type Tx } from "@/server/db/client";
import { formatWib } from "@/lib/wib-time";
import type { Page } from "@/schemas/dashboard/transactions";

export async function listLedgerEntries(merchantId: number, input: Page) {
  return readLedgerPage(await getDb(), merchantId, input);
}

export type LedgerEntryRow = { id: bigint; amount: bigint; balance_after: bigint; reason: string; reference: string | null; note: string; created_at: Date };

/**
 * A ledger row's columns for $queryRaw, the reason as text: the Prisma client refuses a
 * value its enum does not list, and the next release may write one while this one still
 * serves (docs/migrations.md, "New values of a stored enumeration").
 */
export const LEDGER_ENTRY_COLUMNS = Prisma.raw("id, amount, balance_after, reason::text AS reason, reference, note, created_at");

/** Above every id: the first page. */
const NO_CURSOR = 2n ** 63n - 1n;

/** The saldo and one page of its ledger, read through `db` (one snapshot when `db` is a repeatable-read transaction). */
export async function readLedgerPage(db: Tx, merchantId: number, page: Page) {
  const merchant = await db.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { saldo: true } });
  const rows = await db.$queryRaw<LedgerEntryRow[]>`
    SELECT ${LEDGER_ENTRY_COLUMNS} FROM ledger_entries
    WHERE merchant_id = ${merchantId} AND id < ${page.cursor ? BigInt(page.cursor) : NO_CURSOR}
    ORDER BY id DESC LIMIT ${page.limit + 1}`;
  const items = rows.slice(0, page.limit);
  return {
    saldo: Number(merchant.saldo),
    items: items.map((e) => ({
      id: e.id.toString(),
      amount: Number(e.amount),
      balance_after: Number(e.balance_after),
      reason: e.reason,
      reference: e.reference,
      note: e.note,
      created_at: formatWib(e.created_at),
    })),
    nextCursor: rows.length > page.limit ? items[items.length - 1].id.toString() : null,
  };
}
