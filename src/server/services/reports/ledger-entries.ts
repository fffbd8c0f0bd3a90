// Every debit and credit on the merchant's saldo, newest first, with its reference.
import { getDb, type Tx } from "@/server/db/client";
import { formatWib } from "@/lib/wib-time";
import type { Page } from "@/schemas/dashboard/transactions";

export async function listLedgerEntries(merchantId: number, input: Page) {
  return readLedgerPage(await getDb(), merchantId, input);
}

/** The saldo and one page of its ledger, read through `db` (one snapshot when `db` is a repeatable-read transaction). */
export async function readLedgerPage(db: Tx, merchantId: number, page: Page) {
  const merchant = await db.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { saldo: true } });
  const rows = await db.ledgerEntry.findMany({
    where: { merchantId, id: page.cursor ? { lt: BigInt(page.cursor) } : undefined },
    orderBy: { id: "desc" },
    take: page.limit + 1,
  });
  const items = rows.slice(0, page.limit);
  return {
    saldo: Number(merchant.saldo),
    items: items.map((e) => ({
      id: e.id.toString(),
      amount: Number(e.amount),
      balance_after: Number(e.balanceAfter),
      reason: e.reason,
      reference: e.reference,
      note: e.note,
      created_at: formatWib(e.createdAt),
    })),
    nextCursor: rows.length > page.limit ? items[items.length - 1].id.toString() : null,
  };
}
