// The balance screen in one read: saldo, a page of top-ups and a page of the ledger.
// A settlement marks the invoice Paid and credits the saldo in one transaction; read
// separately (or polled apart) the screen showed the new saldo beside an invoice
// still "Menunggu pembayaran" with a live "Bayar" link. One repeatable-read
// transaction sees all three as of one moment, so they always change together.
import { getDb } from "@/server/db/client";
import type { Page } from "@/schemas/dashboard/transactions";
import { expireMerchantOverdue } from "@/server/services/topups/expire";
import { readTopupPage } from "@/server/services/topups/list-topups";
import { readLedgerPage } from "./ledger-entries";

export type BalanceViewInput = { topups: Page; ledger: Page };

export async function getBalanceView(merchantId: number, input: BalanceViewInput, now = new Date()) {
  // A write, so before the snapshot: an overdue invoice is shown Expired, not Bayar.
  await expireMerchantOverdue(merchantId, now);
  const db = await getDb();
  return db.$transaction(
    async (tx) => {
      const ledger = await readLedgerPage(tx, merchantId, input.ledger);
      const topups = await readTopupPage(tx, merchantId, input.topups);
      return { saldo: ledger.saldo, topups, ledger: { items: ledger.items, nextCursor: ledger.nextCursor } };
    },
    { isolationLevel: "RepeatableRead" },
  );
}
