// Top-ups are paid to the service, not to the merchant: the money buys the
// service's credits. The payer's banking app shows the service's name, so the
// hosted page and the receipt name the same payee, from configuration.
import { getEnv } from "@/env";
import { parseEmvFields, qrisMerchantName } from "@/server/payments/qris-payload";
import { xenditVaName } from "@/server/payments/xendit-gateway";
import type { PaymentType } from "@/generated/prisma/enums";

export function serviceName(): string {
  return getEnv().SERVICE_NAME;
}

/**
 * The recipient name the payer's app shows: for a QR, tag 59 of the payload the
 * gateway issued (whatever the gateway wrote there); for a virtual account, the
 * account name banks show, letters and spaces only.
 */
export function recipientShown(topup: { paymentType: PaymentType; qrString: string | null }): string {
  if (topup.paymentType === "va") return xenditVaName(serviceName());
  return (topup.qrString && tag59(topup.qrString)) || qrisMerchantName(serviceName());
}

/** A gateway's payload we cannot read must not break the payer's page: then the name we would have written. */
function tag59(qrString: string): string | undefined {
  try {
    return parseEmvFields(qrString).get("59");
  } catch {
    return undefined;
  }
}
