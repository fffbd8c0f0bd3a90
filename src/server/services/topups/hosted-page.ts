// The hosted payment page and its JSON endpoints: everything is reached through
// the signed link. An unknown id and a wrong hash look the same (null → 404).
import { getDb } from "@/server/db/client";
import { formatWib } from "@/lib/wib-time";
import { isSandboxChannel } from "@/server/channels/registry";
import { isSandboxGateway } from "@/server/payments/registry";
import { CHANNELS } from "@/schemas/channels";
import type { PaymentType, TopupStatus } from "@/generated/prisma/enums";
import { expireIfOverdue } from "./expire";
import { recipientShown, serviceName } from "./payee";
import { paymentHashMatches } from "./payment-link";
import { settleTopup } from "./settle";

export type HostedTopupStatus = {
  status: TopupStatus;
  payment_expired_at: string;
  /** Seconds left to pay (0 once expired); the page counts down from it, immune to the payer's clock. */
  remaining_seconds: number;
  paid_at: string | null;
};

export type HostedTopup = HostedTopupStatus & {
  topup_id: string;
  /** Who is paid: the service (SERVICE_NAME), never the merchant. */
  payee: string;
  /** The recipient name the payer's banking app shows for this QR or VA. */
  recipient_name: string;
  /** Whose saldo the payment tops up: "Top-up untuk <merchant>". */
  brand: string;
  amount: number;
  admin_fee: number;
  payment_total: number;
  payment_type: PaymentType;
  payment_method: string;
  /** payment_methods.code, for its logo (paymentMethodLogo). */
  payment_method_code: string;
  /** Present only while the invoice can be paid. */
  instructions: { qr_string: string | null; va_bank: string | null; va_number: string | null } | null;
  /** True when the payer may "pay" from the page: see canSimulatePayment. */
  sandbox: boolean;
  /** Issued by the sandbox gateway: its QR or VA moves no money, whether or not the page may simulate the payment. */
  sandbox_invoice: boolean;
  /** False for a test-mode invoice: it credits test saldo only. */
  livemode: boolean;
};

async function findByLink(topupId: string, hash: string | null | undefined) {
  if (!/^TC\d{8}[A-Z0-9]{1,32}$/.test(topupId)) return null;
  const db = await getDb();
  const topup = await db.topup.findUnique({
    where: { topupId },
    include: { paymentMethod: { select: { name: true, code: true } }, merchant: { select: { merchantId: true, name: true, brandName: true, live: { select: { name: true, brandName: true } } } } },
  });
  if (!topup || !paymentHashMatches(hash, topup.topupId, topup.merchant.merchantId)) return null;
  return topup;
}

export async function getHostedTopup(topupId: string, hash: string | null | undefined, now: Date = new Date()): Promise<HostedTopup | null> {
  const topup = await findByLink(topupId, hash);
  if (!topup) return null;
  const status = await expireIfOverdue(topup, now);
  const payable = status === "Pending";
  const account = topup.merchant.live ?? topup.merchant;
  const livemode = topup.merchant.live === null;
  return {
    topup_id: topup.topupId,
    payee: serviceName(),
    recipient_name: recipientShown(topup),
    brand: account.brandName || account.name,
    amount: topup.amount,
    admin_fee: topup.adminFee,
    payment_total: topup.paymentTotal,
    payment_type: topup.paymentType,
    payment_method: topup.paymentMethod.name,
    payment_method_code: topup.paymentMethod.code,
    status,
    payment_expired_at: formatWib(topup.expiresAt),
    remaining_seconds: payable ? Math.max(0, Math.ceil((topup.expiresAt.getTime() - now.getTime()) / 1000)) : 0,
    paid_at: topup.paidAt ? formatWib(topup.paidAt) : null,
    instructions: payable ? { qr_string: topup.qrString, va_bank: topup.vaBank, va_number: topup.vaNumber } : null,
    // Test saldo buys only sandbox messages, so a test invoice can always be "paid" from the page.
    sandbox: topup.gateway === "sandbox" && (!livemode || (await canSimulatePayment())),
    sandbox_invoice: topup.gateway === "sandbox",
    livemode,
  };
}

/**
 * Simulated payments mint credits for free, which is harmless only while nothing
 * those credits buy leaves the sandbox: the sandbox gateway is in use AND every
 * channel delivers through the sandbox, vendor routes included (docs/routing.md). A
 * deployment with a real delivery vendor but no real gateway settles top-ups only
 * through an operator (`otpctl topup pay`).
 */
async function canSimulatePayment(): Promise<boolean> {
  if (!isSandboxGateway()) return false;
  const sandboxed = await Promise.all(CHANNELS.map(isSandboxChannel));
  return sandboxed.every(Boolean);
}

export async function getHostedTopupStatus(topupId: string, hash: string | null | undefined, now: Date = new Date()): Promise<HostedTopupStatus | null> {
  const view = await getHostedTopup(topupId, hash, now);
  if (!view) return null;
  return { status: view.status, payment_expired_at: view.payment_expired_at, remaining_seconds: view.remaining_seconds, paid_at: view.paid_at };
}

/**
 * Sandbox only: the payer "pays" from the hosted page. Goes through the same
 * settlement as a gateway callback. Null when the link is wrong or the sandbox
 * is not the gateway (then the endpoint does not exist). An expired invoice
 * cannot be paid from the page any more, as with a real QR or VA.
 */
export async function simulateSandboxPayment(topupId: string, hash: string | null | undefined, now: Date = new Date()): Promise<HostedTopupStatus | null> {
  const view = await getHostedTopup(topupId, hash, now);
  if (!view || !view.sandbox) return null;
  if (view.status === "Pending") await settleTopup(topupId, { source: "sandbox", now });
  return getHostedTopupStatus(topupId, hash, now);
}
