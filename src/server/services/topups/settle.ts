// The one settlement path, used by gateway callbacks, the sandbox "simulate
// payment" button and `otpctl topup pay`. It verifies nothing itself (callers
// authenticate the gateway or operator); it only makes paying idempotent:
// the row is locked, moved to Paid once, and `amount` (not payment_total —
// the fee is the gateway's) is credited through the ledger exactly once.
//
// A payment that arrives after the invoice expired is still credited: the money
// was received, and refusing would leave the merchant to chase a refund. It is
// logged so operators can see late payments.
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { observeSettlement } from "@/server/metrics/record";
import { applyLedgerChange } from "@/server/services/credits/ledger";
import type { TopupStatus } from "@/generated/prisma/enums";
import { TOPUP_INCLUDE, type TopupWithRelations } from "./present";
import { log } from "@/server/log";

export type SettlementSource = "gateway" | "sandbox" | "operator";

export type SettlementResult = { topup: TopupWithRelations; credited: boolean; previousStatus: TopupStatus };

export async function settleTopup(topupId: string, options: { source: SettlementSource; gatewayReference?: string | null; now?: Date }): Promise<SettlementResult> {
  const now = options.now ?? new Date();
  const db = await getDb();
  return observeSettlement(options.source, db.$transaction(async (tx) => {
    // Concurrent settlements queue on this lock; each later one sees Paid and does nothing.
    const locked = await tx.$queryRaw<{ status: TopupStatus }[]>`SELECT status FROM topups WHERE topup_id = ${topupId} FOR UPDATE`;
    if (locked.length === 0) throw new AppError("NOT_FOUND", `Top-up ${topupId} tidak ditemukan.`);
    const previousStatus = locked[0].status;
    if (previousStatus === "Paid") {
      return { topup: await tx.topup.findUniqueOrThrow({ where: { topupId }, include: TOPUP_INCLUDE }), credited: false, previousStatus };
    }
    const topup = await tx.topup.update({ where: { topupId }, data: { status: "Paid", paidAt: now }, include: TOPUP_INCLUDE });
    await applyLedgerChange(tx, { merchantId: topup.merchantId, amount: topup.amount, reason: "topup", reference: topupId, note: `Top-up ${topup.paymentMethod.name}` });
    const late = previousStatus !== "Pending" || topup.expiresAt.getTime() <= now.getTime();
    if (late) log.warn({ topup_id: topupId, source: options.source, amount: topup.amount, previous_status: previousStatus, gateway_reference: options.gatewayReference ?? null }, "late top-up payment credited");
    return { topup, credited: true, previousStatus };
  }));
}
