// `otpctl route stats`: the figures routing decides on, loaded fresh (not an instance's
// copy), per route over all prefixes and per route and prefix, with each prefix's
// verdict: which route is demoted there (it gets only the exploration share) and which
// is the best. Routes of equal priority are judged together, as rankRoutes does.
import { getDb } from "@/server/db/client";
import { judgeRoutes } from "./measured-conversion";
import { loadRouteFigures, type RouteFigures } from "./route-figures-query";
import { routingSettings } from "./routing-settings";

/** How a route stands on one prefix: demoted, the best, kept (neither), or not judged (too few settled sends or no peer). */
export type Standing = "demoted" | "best" | "kept" | "not_judged";

export type RouteStatsRow = {
  channel: string;
  route: string;
  sent: number;
  failed: number;
  delivered: number;
  /** delivered / sends whose receipt is in or overdue; null before any. */
  delivery_rate: number | null;
  settled: number;
  verified: number;
  /** verified / settled; null before any settled send. */
  verification_rate: number | null;
  failovers: number;
  p50_to_delivered_s: number | null;
  p50_to_verified_s: number | null;
};

export type RouteStats = {
  as_of: string;
  window_seconds: number;
  maturity_seconds: number;
  exploration_percent: number;
  routes: RouteStatsRow[];
  prefixes: (RouteStatsRow & { prefix: string; standing: Standing })[];
};

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10_000) / 10_000);

function present(f: RouteFigures): RouteStatsRow {
  return {
    channel: f.channel,
    route: f.route,
    sent: f.sent,
    failed: f.failed,
    delivered: f.delivered,
    delivery_rate: ratio(f.delivered, f.receiptsSettled),
    settled: f.settled,
    verified: f.verified,
    verification_rate: f.settled === 0 ? null : ratio(f.verified, f.settled),
    failovers: f.failovers,
    p50_to_delivered_s: f.p50DeliveredSeconds,
    p50_to_verified_s: f.p50VerifiedSeconds,
  };
}

/** Each route's priority by name (disabled routes too: their past sends are still shown). */
async function priorities(): Promise<Map<string, number>> {
  const db = await getDb();
  const routes = await db.vendorRoute.findMany({ select: { name: true, priority: true } });
  return new Map(routes.map((r) => [r.name, r.priority]));
}

/** The standing of every route on one channel and prefix, judged per priority as rankRoutes does. */
function standings(rows: RouteFigures[], priorityOf: Map<string, number>): Map<string, Standing> {
  const out = new Map<string, Standing>();
  const tiers = groupBy(rows, (r) => priorityOf.get(r.route) ?? Number.POSITIVE_INFINITY);
  for (const tier of tiers.values()) {
    const verdict = judgeRoutes(
      tier.map((r) => r.route),
      new Map(tier.map((r) => [r.route, r])),
    );
    for (const r of tier) out.set(r.route, verdict.demoted.has(r.route) ? "demoted" : verdict.best === r.route ? "best" : verdict.best ? "kept" : "not_judged");
  }
  return out;
}

export async function routeStats(now = new Date()): Promise<RouteStats> {
  const settings = routingSettings();
  const [figures, priorityOf] = await Promise.all([loadRouteFigures(now, settings.windowMs, settings.maturityMs), priorities()]);
  const byRoute = (a: RouteFigures, b: RouteFigures) => a.channel.localeCompare(b.channel) || (a.prefix ?? "").localeCompare(b.prefix ?? "") || a.route.localeCompare(b.route);
  const perPrefix = figures.filter((f) => f.prefix !== null).sort(byRoute);
  const groups = groupBy(perPrefix, (f) => `${f.channel}:${f.prefix}`);
  const prefixes = [...groups.values()].flatMap((rows) => {
    const standing = standings(rows, priorityOf);
    return rows.map((f) => ({ ...present(f), prefix: f.prefix!, standing: standing.get(f.route)! }));
  });
  return {
    as_of: now.toISOString(),
    window_seconds: settings.windowMs / 1000,
    maturity_seconds: settings.maturityMs / 1000,
    exploration_percent: Math.round(settings.exploration * 100),
    routes: figures.filter((f) => f.prefix === null).sort(byRoute).map(present),
    prefixes,
  };
}
