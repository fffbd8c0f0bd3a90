// The order in which one creation tries the routes of its channel (docs/routing.md).
// Lower priority first (like MX records); among routes of equal priority a weighted
// random order, so weight 300 beside weight 100 goes first three times in four, unless
// the measured conversion for the destination's prefix shows a route well below another
// (measured-conversion.ts): then the others share the traffic by weight and the demoted
// route gets only the exploration share, which keeps it measured so it comes back once
// it recovers. No I/O: the caller passes the routes already filtered by channel, prefix
// and enabled, and the figures (measuredContext, this instance's in-process copy);
// `random` (or useRoutingRandom) only makes the draws repeatable in tests.
import { judgeRoutes, type Conversion } from "./measured-conversion";
import { figuresFor } from "./figures-snapshot";
import { routingSettings } from "./routing-settings";

export type RouteReason = "only_route" | "priority" | "weight" | "measured_conversion" | "exploration" | "failover";
export type CandidateRoute = { name: string; priority: number; weight: number };
export type RankedRoute<R extends CandidateRoute> = { route: R; reason: RouteReason };
/** The prefix's figures per route name, and the share a demoted route still gets. */
export type MeasuredContext = { figures: ReadonlyMap<string, Conversion> | undefined; exploration: number };

const drawing = { random: Math.random };

/** Replaces the draws of creations that pass no `random` (a test's seeded source); returns the undo. */
export function useRoutingRandom(random: () => number): () => void {
  drawing.random = random;
  return () => {
    drawing.random = Math.random;
  };
}

/**
 * The figures rankRoutes needs, or undefined when no two routes share a priority: a
 * channel with one route (or only distinct priorities) reads nothing, not even the snapshot.
 */
export function measuredContext(eligible: readonly CandidateRoute[], channel: string, prefix: string | null): MeasuredContext | undefined {
  if (eligible.length < 2 || new Set(eligible.map((r) => r.priority)).size === eligible.length) return undefined;
  return { figures: figuresFor(channel, prefix), exploration: routingSettings().exploration };
}

/** Orders the eligible routes of one channel for one destination: index 0 is tried first; a later one is used only on failover (recorded with reason "failover"). `prefix` is the destination's country code + 3 digits (e.g. "62811"), null for e-mail. */
export function rankRoutes<R extends CandidateRoute>(
  eligible: R[],
  context: { channel: string; prefix: string | null; random?: () => number; measured?: MeasuredContext },
): RankedRoute<R>[] {
  if (eligible.length === 0) return [];
  if (eligible.length === 1) return [{ route: eligible[0], reason: "only_route" }];
  const random = context.random ?? drawing.random;
  const priorities = [...new Set(eligible.map((r) => r.priority))].sort((a, b) => a - b);
  const ordered: RankedRoute<R>[] = [];
  for (const priority of priorities) {
    const tier = eligible.filter((r) => r.priority === priority);
    const measured = tier.length > 1 && context.measured ? measuredOrder(tier, context.measured, random) : null;
    if (measured) {
      ordered.push(...measured);
      continue;
    }
    const reason: RouteReason = tier.length > 1 ? "weight" : "priority";
    for (const route of weightedOrder(tier, random)) ordered.push({ route, reason });
  }
  return ordered;
}

/**
 * A tier where the figures demote some routes: the others first, by weight
 * (measured_conversion); with probability `exploration` a demoted route goes first
 * instead (exploration). Null when nothing is demoted: the weights decide.
 */
function measuredOrder<R extends CandidateRoute>(tier: R[], measured: MeasuredContext, random: () => number): RankedRoute<R>[] | null {
  const { demoted } = judgeRoutes(
    tier.map((r) => r.name),
    measured.figures,
  );
  if (demoted.size === 0) return null;
  const explore = random() < measured.exploration;
  const kept = weightedOrder(tier.filter((r) => !demoted.has(r.name)), random);
  const below = weightedOrder(tier.filter((r) => demoted.has(r.name)), random);
  const ranked = (routes: R[]) => routes.map((route): RankedRoute<R> => ({ route, reason: "measured_conversion" }));
  if (!explore) return [...ranked(kept), ...ranked(below)];
  return [{ route: below[0], reason: "exploration" }, ...ranked(kept), ...ranked(below.slice(1))];
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
