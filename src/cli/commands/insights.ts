import type { Command } from "../command";
import { insightsSummaryQuery } from "@/schemas/v3/insights";
import { defaultRange, getPlatformInsights } from "@/server/services/insights/platform";
import { parseInput } from "@/server/validation";

export const insightsCommands: Command[] = [
  {
    name: "insights",
    usage: "insights [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--group-by channel|operator|day|hour|fallback_step] [--mode live|test]   (every merchant's OTP funnel; last 7 WIB days by default)",
    flags: ["from", "to", "group-by", "mode"],
    run: (a) => {
      const range = defaultRange({ from: a.string("from"), to: a.string("to") });
      return getPlatformInsights(parseInput(insightsSummaryQuery, { ...range, group_by: a.string("group-by") }), a.mode());
    },
  },
];
