// The order in which one creation tries the routes of its channel (docs/routing.md).
// Lower priority first (like MX records); among routes of equal priority a weighted
// random order, so weight 300 beside weight 100 goes first three times in four. Pure:
// the caller passes the routes already filtered by channel, prefix and enabled, and
// `random` only to make the order repeatable in tests.

export type RouteReason = "only_route" | "priority" | "weight" | "measured_conversion" | "exploration" | "failover";
export type CandidateRoute = { name: string; priority: number; weight: number };
export type RankedRoute<R extends CandidateRoute> = { route: R; reason: RouteReason };

/** Orders the eligible routes of one channel for one destination: index 0 is tried first; a later one is used only on failover (recorded with reason "failover"). `prefix` is the destination's country code + 3 digits (e.g. "62811"), null for e-mail. */
export function rankRoutes<R extends CandidateRoute>(eligible: R[], context: { channel: string; prefix: string | null; random?: () => number }): RankedRoute<R>[] {
  if (eligible.length === 0) return [];
  if (eligible.length === 1) return [{ route: eligible[0], reason: "only_route" }];
  const random = context.random ?? Math.random;
  const priorities = [...new Set(eligible.map((r) => r.priority))].sort((a, b) => a - b);
  const ordered: RankedRoute<R>[] = [];
  for (const priority of priorities) {
    const tier = eligible.filter((r) => r.priority === priority);
    const reason: RouteReason = tier.length > 1 ? "weight" : "priority";
    for (const route of weightedOrder(tier, random)) ordered.push({ route, reason });
  }
  return ordered;
}

/** Draws routes one by one, each with probability weight / remaining weight; weight 0 goes last. */
function weightedOrder<R extends CandidateRoute>(tier: R[], random: () => number): R[] {
  const left = [...tier];
  const out: R[] = [];
  while (left.length) {
    const total = left.reduce((sum, r) => sum + Math.max(0, r.weight), 0);
    let index = 0;
    if (total > 0) {
      let draw = random() * total;
      index = left.findIndex((r) => (draw -= Math.max(0, r.weight)) < 0);
      if (index < 0) index = left.length - 1;
    }
    out.push(left.splice(index, 1)[0]);
  }
  return out;
}
