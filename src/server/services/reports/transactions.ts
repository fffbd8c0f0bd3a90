// The merchant's OTP transactions for the dashboard. Read-only, always scoped
// to one merchant, and never selects the code hash.
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { formatWib } from "@/lib/wib-time";
import type { TransactionQuery } from "@/schemas/dashboard/transactions";
import type { Prisma } from "@/generated/prisma/client";
import { otpWebhookEvents, deliveryTimeline } from "./transaction-timeline";
import { addDays, wibDateStart } from "./wib-ranges";
import { failureSentence } from "@/server/channels/failure-codes";

const listFields = {
  id: true,
  otpId: true,
  channel: true,
  destination: true,
  status: true,
  price: true,
  charged: true,
  attempts: true,
  maxAttempts: true,
  expiresAt: true,
  verifiedAt: true,
  createdAt: true,
} satisfies Prisma.OtpTransactionSelect;

type ListRow = Prisma.OtpTransactionGetPayload<{ select: typeof listFields }>;

function summary(row: ListRow, now: Date) {
  return {
    otp_id: row.otpId,
    channel: row.channel,
    destination: row.destination,
    status: row.status,
    price: row.price,
    charged: row.charged,
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    expired: row.status !== "verified" && row.expiresAt <= now,
    locked: row.attempts >= row.maxAttempts,
    created_at: formatWib(row.createdAt),
    expires_at: formatWib(row.expiresAt),
    verified_at: row.verifiedAt ? formatWib(row.verifiedAt) : null,
  };
}

export async function listTransactions(merchantId: number, filter: TransactionQuery) {
  const createdAt: Prisma.DateTimeFilter = {};
  if (filter.from) createdAt.gte = wibDateStart(filter.from);
  if (filter.to) createdAt.lt = addDays(wibDateStart(filter.to), 1);
  const where: Prisma.OtpTransactionWhereInput = {
    merchantId,
    channel: filter.channel,
    status: filter.status,
    destination: filter.destination ? { contains: filter.destination, mode: "insensitive" } : undefined,
    createdAt: filter.from || filter.to ? createdAt : undefined,
    id: filter.cursor ? { lt: BigInt(filter.cursor) } : undefined,
  };
  const db = await getDb();
  const rows = await db.otpTransaction.findMany({ where, select: listFields, orderBy: { id: "desc" }, take: filter.limit + 1 });
  const page = rows.slice(0, filter.limit);
  const now = new Date();
  return {
    items: page.map((r) => summary(r, now)),
    nextCursor: rows.length > filter.limit ? page[page.length - 1].id.toString() : null,
  };
}

export async function getTransaction(merchantId: number, otpId: string) {
  const db = await getDb();
  const row = await db.otpTransaction.findFirst({
    where: { otpId, merchantId },
    select: {
      ...listFields,
      brand: true,
      externalId: true,
      otpLength: true,
      provider: true,
      failureReason: true,
      misscallPrefix: true,
      verifiedFrom: true,
      updatedAt: true,
      fallbackChannels: true,
      fallbackAfter: true,
    },
  });
  if (!row) throw new AppError("OTP_NOT_FOUND");
  const [deliveries, events] = await Promise.all([deliveryTimeline(db, row.id), otpWebhookEvents(db, merchantId, otpId)]);
  return {
    ...summary(row, new Date()),
    brand: row.brand,
    external_id: row.externalId,
    // A whatsapp_inbound user sends our message back; there is no code whose length would mean anything.
    otp_length: row.channel === "whatsapp_inbound" ? null : row.otpLength,
    provider: row.provider,
    failure_reason: failureSentence(row.failureReason),
    misscall_prefix: row.misscallPrefix,
    verified_from: row.verifiedFrom,
    updated_at: formatWib(row.updatedAt),
    fallback: row.fallbackChannels,
    fallback_after: row.fallbackChannels.length > 0 ? row.fallbackAfter : null,
    deliveries,
    events,
  };
}
