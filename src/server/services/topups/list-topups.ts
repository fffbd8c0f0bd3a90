import { getDb, type Tx } from "@/server/db/client";
import { formatWib } from "@/lib/wib-time";
import type { Page } from "@/schemas/dashboard/transactions";
import { expireMerchantOverdue } from "./expire";
import { paymentHash, paymentUrl } from "./payment-link";

/** The merchant's top-ups, newest first, a page at a time, for the dashboard's balance screen. */
export async function listTopups(merchantId: number, input: Page, now = new Date()) {
  await expireMerchantOverdue(merchantId, now);
  return readTopupPage(await getDb(), merchantId, input);
}

type Row = { id: number; topup_id: string; created_at: Date; amount: number; payment_total: number; status: string; method_name: string; method_code: string; merchant_public_id: string };

/** Above every id (an int4 column): the first page, and a cursor past the column's range. */
const NO_CURSOR = 2n ** 31n;

/**
 * One page of top-ups as stored, read through `db` (a transaction's client when
 * the balance screen reads it in one snapshot with the saldo). Overdue invoices
 * must have been expired before (expireMerchantOverdue). The status is read as text:
 * the Prisma client refuses a value its enum does not list, and the next release may
 * write one while this one still serves (docs/migrations.md, "New values of a stored
 * enumeration").
 */
export async function readTopupPage(db: Tx, merchantId: number, page: Page) {
  const below = page.cursor ? BigInt(page.cursor) : NO_CURSOR;
  const rows = await db.$queryRaw<Row[]>`
    SELECT t.id, t.topup_id, t.created_at, t.amount, t.payment_total, t.status::text AS status,
           pm.name AS method_name, pm.code AS method_code, m.merchant_id AS merchant_public_id
    FROM topups t JOIN payment_methods pm ON pm.id = t.payment_method_id JOIN merchants m ON m.id = t.merchant_id
    WHERE t.merchant_id = ${merchantId} AND t.id < ${below}::bigint
    ORDER BY t.id DESC LIMIT ${page.limit + 1}`;
  const topups = rows.slice(0, page.limit);
  return {
    items: topups.map((t) => ({
      topup_id: t.topup_id,
      created_at: formatWib(t.created_at),
      payment_method: t.method_name,
      payment_method_code: t.method_code,
      amount: t.amount,
      payment_total: t.payment_total,
      status: t.status,
      // As the invoice's (presentInvoice): the hosted page's signed link.
      payment_url: paymentUrl(t.topup_id, paymentHash(t.topup_id, t.merchant_public_id)),
    })),
    nextCursor: rows.length > page.limit ? String(topups[topups.length - 1].id) : null,
  };
}
