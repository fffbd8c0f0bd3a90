import { receiptInput, receiptOutput } from "@/schemas/dashboard/exports";
import { pageSchema } from "@/schemas/dashboard/transactions";
import { balanceViewInput, createTopupInput, paymentOptionsInput, paymentOptionsOutput } from "@/schemas/dashboard/topups";
import { balanceViewOutput, topupPageOutput } from "@/schemas/dashboard/reports";
import { topupInvoiceData } from "@/schemas/v3/topups";
import { getBalanceView } from "@/server/services/reports/balance-view";
import { createTopup } from "@/server/services/topups/create-topup";
import { listTopups } from "@/server/services/topups/list-topups";
import { paymentOptions } from "@/server/services/topups/payment-methods";
import { getTopupReceipt } from "@/server/services/topups/receipt";
import { memberProcedure, router } from "../init";

export const topupsRouter = router({
  /** The same invoice as POST /v3/topups; the screen opens its hosted page. */
  create: memberProcedure("topups.create").input(createTopupInput).output(topupInvoiceData).mutation(({ ctx, input }) => createTopup(ctx.world.id, { amount: input.amount, paymentMethodId: input.paymentMethodId ?? null }, ctx.changeBy)),
  /** The picker on the balance screen: active methods that take the package, with fee and total. */
  methods: memberProcedure("balance.read").input(paymentOptionsInput).output(paymentOptionsOutput).query(({ input }) => paymentOptions(input.amount)),
  /** Saldo, top-ups and ledger read in one snapshot, so a payment shows in all three at once. */
  balance: memberProcedure("balance.read").input(balanceViewInput).output(balanceViewOutput).query(({ ctx, input }) => getBalanceView(ctx.world.id, input)),
  list: memberProcedure("balance.read").input(pageSchema).output(topupPageOutput).query(({ ctx, input }) => listTopups(ctx.world.id, input)),
  /** A paid top-up's receipt, for printing. */
  receipt: memberProcedure("balance.read").input(receiptInput).output(receiptOutput).query(({ ctx, input }) => getTopupReceipt(ctx.world.id, input.topupId)),
});
