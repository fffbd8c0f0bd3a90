import { csvFileSchema, exportRangeSchema } from "@/schemas/dashboard/exports";
import { inboundResultOutput, pendingInboundOutput } from "@/schemas/dashboard/sandbox";
import { pageSchema, transactionDetailOutput, transactionDetailSchema, transactionFilterSchema } from "@/schemas/dashboard/transactions";
import { gettingStartedOutput, ledgerOutput, overviewOutput, sandboxInboxOutput, transactionPageOutput } from "@/schemas/dashboard/reports";
import { exportLedgerCsv, exportTransactionsCsv } from "@/server/services/reports/exports";
import { listLedgerEntries } from "@/server/services/reports/ledger-entries";
import { getGettingStarted } from "@/server/services/reports/getting-started";
import { getOverview } from "@/server/services/reports/overview";
import { sandboxInboxPage } from "@/server/services/reports/sandbox-inbox";
import { completeSandboxInbound, listPendingInbound } from "@/server/services/otp/sandbox-inbound";
import { getTransaction, listTransactions } from "@/server/services/reports/transactions";
import { apiLogFilterSchema, apiLogPageSchema } from "@/schemas/dashboard/api-log";
import { listApiLog } from "@/server/services/api-log/list-api-log";
import { memberProcedure, router } from "../init";

export const reportsRouter = router({
  overview: memberProcedure("read").output(overviewOutput).query(({ ctx }) => getOverview(ctx.world.id)),
  /** The overview's checklist: which first steps the account has taken. */
  gettingStarted: memberProcedure("read").output(gettingStartedOutput).query(({ ctx }) => getGettingStarted(ctx.world.id)),
  transactions: memberProcedure("read").input(transactionFilterSchema).output(transactionPageOutput).query(({ ctx, input }) => listTransactions(ctx.world.id, input)),
  transaction: memberProcedure("read").input(transactionDetailSchema).output(transactionDetailOutput).query(({ ctx, input }) => getTransaction(ctx.world.id, input.otpId)),
  sandboxInbox: memberProcedure("sandbox.use").input(pageSchema).output(sandboxInboxOutput).query(({ ctx, input }) => sandboxInboxPage(ctx.world.id, input)),
  /** Sandbox mode only: whatsapp_inbound OTPs the merchant can complete from the inbox. */
  pendingInbound: memberProcedure("sandbox.use").output(pendingInboundOutput).query(({ ctx }) => listPendingInbound(ctx.world)),
  /** Sandbox mode only: sends the OTP's WhatsApp message as its user would. */
  completeInbound: memberProcedure("sandbox.use").input(transactionDetailSchema).output(inboundResultOutput).mutation(({ ctx, input }) => completeSandboxInbound(ctx.world, input.otpId)),
  /** "Log API": the world's /v3 requests with masked bodies. */
  apiLog: memberProcedure("apiLog.read").input(apiLogFilterSchema).output(apiLogPageSchema).query(({ ctx, input }) => listApiLog(ctx.world.id, input)),
  ledger: memberProcedure("balance.read").input(pageSchema).output(ledgerOutput).query(({ ctx, input }) => listLedgerEntries(ctx.world.id, input)),
  /** CSV files for a range of WIB days; the browser saves them (the dashboard reaches the server only through tRPC). */
  exportTransactions: memberProcedure("read").input(exportRangeSchema).output(csvFileSchema).mutation(({ ctx, input }) => exportTransactionsCsv(ctx.world.id, input)),
  exportLedger: memberProcedure("balance.read").input(exportRangeSchema).output(csvFileSchema).mutation(({ ctx, input }) => exportLedgerCsv(ctx.world.id, input)),
});
