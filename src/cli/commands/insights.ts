import type { Command } from "../command";
import { getPlatformInsights } from "@/server/services/insights/platform";

export const insightsCommands: Command[] = [
  {
    name: "insights",
    usage: "insights [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--group-by channel|operator|day|hour|fallback_step] [--mode live|test]   (every merchant's OTP funnel; last 7 WIB days by default)",
    flags: ["from", "to", "group-by", "mode"],
    run: (a) => getPlatformInsights({ from: a.string("from"), to: a.string("to"), groupBy: a.string("group-by"), mode: a.mode() }),
  },
];
