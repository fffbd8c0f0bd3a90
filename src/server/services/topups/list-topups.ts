import { getDb, type Tx } from "@/server/db/client";
import { fitsInt4 } from "@/server/db/column-ranges";
import { formatWib } from "@/lib/wib-time";
import type { Page } from "@/schemas/dashboard/transactions";
import { expireMerchantOverdue } from "./expire";
import { presentInvoice, TOPUP_INCLUDE } from "./present";

/** The merchant's top-ups, newest first, a page at a time, for the dashboard's balance screen. */
export async function listTopups(merchantId: number, input: Page, now = new Date()) {
  await expireMerchantOverdue(merchantId, now);
  return readTopupPage(await getDb(), merchantId, input);
}

/**
 * One page of top-ups as stored, read through `db` (a transaction's client when
 * the balance screen reads it in one snapshot with the saldo). Overdue invoices
 * must have been expired before (expireMerchantOverdue).
 */
export async function readTopupPage(db: Tx, merchantId: number, page: Page) {
  // Every id is below a cursor past the column's range.
  const cursor = page.cursor ? Number(page.cursor) : null;
  const rows = await db.topup.findMany({
    where: { merchantId, id: cursor !== null && fitsInt4(cursor) ? { lt: cursor } : undefined },
    orderBy: { id: "desc" },
    take: page.limit + 1,
    include: TOPUP_INCLUDE,
  });
  const topups = rows.slice(0, page.limit);
  return {
    items: topups.map((t) => {
      const invoice = presentInvoice(t);
      return {
        topup_id: t.topupId,
        created_at: formatWib(t.createdAt),
        payment_method: invoice.payment_method,
        payment_method_code: t.paymentMethod.code,
        amount: t.amount,
        payment_total: t.paymentTotal,
        status: t.status,
        payment_url: invoice.payment_url,
      };
    }),
    nextCursor: rows.length > page.limit ? String(topups[topups.length - 1].id) : null,
  };
}
