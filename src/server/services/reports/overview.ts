// Numbers for the dashboard's first screen. Read-only; days and months are WIB.
import { getDb } from "@/server/db/client";
import { CHANNELS } from "@/schemas/channels";
import type { Channel } from "@/generated/prisma/enums";
import { addDays, startOfWibDay, startOfWibMonth } from "./wib-ranges";

export type DailyPoint = { day: string; total: number; verified: number };

function byChannel(rows: { channel: Channel; _count: { _all: number } }[]): Record<Channel, number> {
  const out = Object.fromEntries(CHANNELS.map((c) => [c, 0])) as Record<Channel, number>;
  for (const row of rows) out[row.channel] = row._count._all;
  return out;
}

const sum = (counts: Record<Channel, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

export async function getOverview(merchantId: number, now = new Date()) {
  const db = await getDb();
  const today = startOfWibDay(now);
  const month = startOfWibMonth(now);
  const since = addDays(today, -29);

  // "Sent" means delivered to the vendor (or waiting for the user's message): failed deliveries are counted apart, like they are billed apart.
  const delivered = { not: "failed" } as const;
  const [merchant, todayRows, monthRows, todayFailed, monthFailed, monthVerified, spendRows, daily] = await Promise.all([
    db.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { saldo: true } }),
    db.otpTransaction.groupBy({ by: ["channel"], where: { merchantId, createdAt: { gte: today }, status: delivered }, _count: { _all: true } }),
    db.otpTransaction.groupBy({ by: ["channel"], where: { merchantId, createdAt: { gte: month }, status: delivered }, _count: { _all: true } }),
    db.otpTransaction.count({ where: { merchantId, createdAt: { gte: today }, status: "failed" } }),
    db.otpTransaction.count({ where: { merchantId, createdAt: { gte: month }, status: "failed" } }),
    db.otpTransaction.count({ where: { merchantId, createdAt: { gte: month }, status: "verified" } }),
    // Spend is what the ledger says: charges minus refunds this month.
    db.ledgerEntry.aggregate({ where: { merchantId, createdAt: { gte: month }, reason: { in: ["otp_charge", "otp_refund"] } }, _sum: { amount: true } }),
    db.$queryRaw<{ day: string; total: bigint; verified: bigint }[]>`
      SELECT to_char((created_at AT TIME ZONE 'Asia/Jakarta')::date, 'YYYY-MM-DD') AS day,
             count(*) AS total,
             count(*) FILTER (WHERE status = 'verified') AS verified
      FROM otp_transactions
      WHERE merchant_id = ${merchantId} AND created_at >= ${since} AND status <> 'failed'
      GROUP BY 1`,
  ]);

  const counts = new Map(daily.map((d) => [d.day, d]));
  const last30Days: DailyPoint[] = [];
  for (let i = 0; i < 30; i++) {
    const day = new Date(addDays(since, i).getTime() + 7 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const row = counts.get(day);
    last30Days.push({ day, total: Number(row?.total ?? 0), verified: Number(row?.verified ?? 0) });
  }

  const todayByChannel = byChannel(todayRows);
  const monthByChannel = byChannel(monthRows);
  return {
    saldo: Number(merchant.saldo),
    today: { total: sum(todayByChannel), failed: todayFailed, byChannel: todayByChannel },
    month: { total: sum(monthByChannel), failed: monthFailed, byChannel: monthByChannel },
    /** Verified share of this month's delivered (non-failed) OTPs; null when none were delivered. */
    verificationRate: sum(monthByChannel) === 0 ? null : monthVerified / sum(monthByChannel),
    spendThisMonth: -Number(spendRows._sum.amount ?? 0n),
    last30Days,
  };
}
