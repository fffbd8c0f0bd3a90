import { getDb } from "@/server/db/client";
import { fitsInt4 } from "@/server/db/column-ranges";
import { AppError } from "@/server/errors";
import type { PaymentMethod } from "@/generated/prisma/client";
import { adminFee } from "./admin-fee";

async function activeMethods(): Promise<PaymentMethod[]> {
  const db = await getDb();
  return db.paymentMethod.findMany({ where: { active: true }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] });
}

/** What a payer would pay for `amount` with each method that can take it, in the order offered (sort_order). */
export async function paymentOptions(amount: number) {
  return (await activeMethods())
    .filter((m) => methodSupports(m, amount))
    .map((m) => {
      const fee = adminFee(amount, m);
      return { payment_method_id: m.id, name: m.name, code: m.code, type: m.type, admin_fee: fee, payment_total: amount + fee };
    });
}

export function methodSupports(method: PaymentMethod, amount: number): boolean {
  return method.active && amount >= method.minAmount && (method.maxAmount === null || amount <= method.maxAmount);
}

/** The requested method when it is active and supports the amount; else the first such method by sort_order. */
export async function choosePaymentMethod(amount: number, requestedId: number | null): Promise<PaymentMethod> {
  const db = await getDb();
  if (requestedId !== null) {
    const method = fitsInt4(requestedId) ? await db.paymentMethod.findUnique({ where: { id: requestedId } }) : null;
    if (!method) throw new AppError("VALIDATION_ERROR", `payment_method_id ${requestedId} tidak dikenal.`);
    if (!method.active) throw new AppError("VALIDATION_ERROR", `Metode pembayaran ${method.name} sedang tidak aktif.`);
    if (!methodSupports(method, amount)) throw new AppError("VALIDATION_ERROR", `Metode pembayaran ${method.name} tidak mendukung nominal ${amount}.`);
    return method;
  }
  const method = (await activeMethods()).find((m) => methodSupports(m, amount));
  if (!method) throw new AppError("VALIDATION_ERROR", `Tidak ada metode pembayaran aktif untuk nominal ${amount}.`);
  return method;
}
