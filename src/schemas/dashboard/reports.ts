// What the dashboard's read screens receive: the overview, transactions, the ledger,
// top-ups and the sandbox inbox. tRPC passes every answer through these.
import { z } from "zod";
import { CHANNEL_VALUES } from "../v3/otp";
import { storedEnum } from "../stored-enum";
import { transactionRowOutput } from "./transactions";

// Stored values a later release may extend (storedEnum): the ledger and the top-up
// history show such a row with the value as stored instead of failing the page.
export const LEDGER_REASONS = ["otp_charge", "otp_refund", "topup", "manual_credit", "manual_debit"] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];
export const TOPUP_STATUSES = ["Pending", "Paid", "Expired", "Failed"] as const;
export type TopupStatus = (typeof TOPUP_STATUSES)[number];

/** A list page: the items and the cursor of the next page (null on the last). */
const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

const countsByChannel = z.record(z.enum(CHANNEL_VALUES), z.number().int());
const period = z.object({ total: z.number().int(), failed: z.number().int(), byChannel: countsByChannel });

export const overviewOutput = z.object({
  saldo: z.number().int(),
  today: period,
  month: period,
  verificationRate: z.number().nullable(),
  spendThisMonth: z.number().int(),
  last30Days: z.array(z.object({ day: z.string(), total: z.number().int(), verified: z.number().int() })),
});

export const gettingStartedOutput = z.object({
  keyCreated: z.boolean(),
  firstTopup: z.boolean(),
  firstOtp: z.boolean(),
  firstVerification: z.boolean(),
  webhookSet: z.boolean(),
});

export const transactionPageOutput = pageOf(transactionRowOutput);

export const sandboxInboxOutput = pageOf(
  z.object({
    id: z.string(),
    otp_id: z.string(),
    channel: z.enum(CHANNEL_VALUES),
    destination: z.string().nullable(),
    text: z.string(),
    code: z.string(),
    caller: z.string().nullable(),
    delivered: z.boolean(),
    sent_at: z.string(),
  }),
);

const ledgerPage = pageOf(
  z.object({
    id: z.string(),
    amount: z.number().int(),
    balance_after: z.number().int(),
    reason: storedEnum(LEDGER_REASONS),
    reference: z.string().nullable(),
    note: z.string(),
    created_at: z.string(),
  }),
);

export const ledgerOutput = ledgerPage.extend({ saldo: z.number().int() });

export const topupPageOutput = pageOf(
  z.object({
    topup_id: z.string(),
    created_at: z.string(),
    payment_method: z.string(),
    payment_method_code: z.string(),
    amount: z.number().int(),
    payment_total: z.number().int(),
    status: storedEnum(TOPUP_STATUSES),
    payment_url: z.string(),
  }),
);

export const balanceViewOutput = z.object({ saldo: z.number().int(), topups: topupPageOutput, ledger: ledgerPage });
