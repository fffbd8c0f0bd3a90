import { pageSchema, transactionDetailSchema, transactionFilterSchema } from "@/schemas/dashboard/transactions";
import { listLedgerEntries } from "@/server/services/reports/ledger-entries";
import { getOverview } from "@/server/services/reports/overview";
import { listSandboxMessages } from "@/server/services/reports/sandbox-inbox";
import { getTransaction, listTransactions } from "@/server/services/reports/transactions";
import { merchantProcedure, router } from "../init";

export const reportsRouter = router({
  overview: merchantProcedure.query(({ ctx }) => getOverview(ctx.merchant.id)),
  transactions: merchantProcedure.input(transactionFilterSchema).query(({ ctx, input }) => listTransactions(ctx.merchant.id, input)),
  transaction: merchantProcedure.input(transactionDetailSchema).query(({ ctx, input }) => getTransaction(ctx.merchant.id, input.otpId)),
  sandboxInbox: merchantProcedure.input(pageSchema).query(({ ctx, input }) => listSandboxMessages(ctx.merchant.id, input)),
  ledger: merchantProcedure.input(pageSchema).query(({ ctx, input }) => listLedgerEntries(ctx.merchant.id, input)),
});
