import type { Command } from "../command";
import { routeStats } from "@/server/services/routing/route-stats";

export const routeStatsCommands: Command[] = [
  {
    name: "route stats",
    usage: "route stats   (each route's sends, delivery and verification rates, p50 times and failovers over the routing window, per route and per destination prefix, with the prefix's verdict)",
    flags: [],
    run: () => routeStats(),
  },
];
