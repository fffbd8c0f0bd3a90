// One interface for every payment gateway. The top-up service asks a gateway to
// prepare a charge (a QR string or a virtual account) for an invoice; the
// gateway later reports the outcome through its own callback endpoint.
import type { PaymentType } from "@/generated/prisma/enums";

export type ChargeRequest = {
  topupId: string;
  /** What the payer pays, admin fee included. */
  paymentTotal: number;
  method: { code: string; name: string; type: PaymentType; bankCode: string | null };
  /** Shown to the payer (VA account name, QR merchant name). */
  payeeName: string;
  expiresAt: Date;
};

export type Charge = {
  /** The gateway's id for the charge (QR id, VA id). */
  reference: string;
  qrString: string | null;
  vaBank: string | null;
  vaNumber: string | null;
};

export interface PaymentGateway {
  readonly name: "sandbox" | "xendit";
  createCharge(request: ChargeRequest): Promise<Charge>;
}

/** The gateway refused or could not be reached; the invoice must not be created. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly gatewayCode?: string,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}
