// The default gateway: prepares a real, scannable-format QRIS payload and a
// deterministic virtual account number without calling anyone. Payments are
// simulated from the hosted page or with `otpctl topup pay`.
import { createHash } from "node:crypto";
import { GatewayError, type ChargeRequest, type PaymentGateway } from "./gateway";
import { buildQrisPayload } from "./qris-payload";

// Prefixes shaped like each bank's VA range; the rest is derived from the invoice id.
const VA_PREFIX: Record<string, string> = { BCA: "70012", BNI: "8808", MANDIRI: "88908", BRI: "26215", PERMATA: "8214" };
const VA_LENGTH = 16;

function digitsFrom(seed: string, count: number): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  return BigInt(`0x${hex}`).toString().slice(-count).padStart(count, "0");
}

export function sandboxVaNumber(bankCode: string, topupId: string): string {
  const prefix = VA_PREFIX[bankCode] ?? "9999";
  return prefix + digitsFrom(topupId, VA_LENGTH - prefix.length);
}

export const sandboxGateway: PaymentGateway = {
  name: "sandbox",
  async createCharge(request: ChargeRequest) {
    if (request.method.type === "qr") {
      const qrString = buildQrisPayload({
        amount: request.paymentTotal,
        merchantName: request.payeeName,
        merchantCity: "JAKARTA",
        reference: request.topupId,
        acquirerId: "ID.CO.SANDI.WWW",
        merchantPan: `93600000${digitsFrom(`pan:${request.topupId}`, 11)}`,
        nmid: "ID1000SANDBOX01",
      });
      return { reference: `sbx_qr_${request.topupId}`, qrString, vaBank: null, vaNumber: null };
    }
    if (!request.method.bankCode) throw new GatewayError(`payment method ${request.method.code} has no bank code`);
    return { reference: `sbx_va_${request.topupId}`, qrString: null, vaBank: request.method.bankCode, vaNumber: sandboxVaNumber(request.method.bankCode, request.topupId) };
  },
};
