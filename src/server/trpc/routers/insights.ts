import { csvFileSchema } from "@/schemas/dashboard/exports";
import { insightsCsvInput, insightsRangeInput, insightsReportOutput } from "@/schemas/dashboard/insights";
import { exportInsightsCsv } from "@/server/services/insights/csv";
import { getInsightsReport } from "@/server/services/insights/report";
import { memberProcedure, router } from "../init";

export const insightsRouter = router({
  /** The Insights page for the world the mode switch shows: every breakdown, timings, unverified spend. */
  report: memberProcedure("read")
    .input(insightsRangeInput)
    .output(insightsReportOutput)
    .query(({ ctx, input }) => getInsightsReport(ctx.world.id, { from: input.from, to: input.to })),
  /** One breakdown as CSV; the browser saves it. */
  exportCsv: memberProcedure("read")
    .input(insightsCsvInput)
    .output(csvFileSchema)
    .mutation(({ ctx, input }) => exportInsightsCsv(ctx.world.id, input)),
});
