// Each instance's copy of the route figures: one aggregate query (route-figures-query.ts)
// every ROUTING_REFRESH_SECONDS, started by a read once the copy is older than that and
// never awaited by it. A creation on a channel with several routes reads the copy
// synchronously (a map lookup, no I/O); a channel with one route never calls this at all.
// Until the first load lands, and when a load fails, routes are chosen by their weights
// (the last good copy keeps answering). Instances behind a load balancer each compute
// the same figures from the shared database, some seconds apart.
//
// The copy lives on globalThis: Next's bundle (the /metrics gauges) and the /v3 bundle
// (creations) load this module separately but share one copy and one refresh.
import { log, messageOf } from "@/server/log";
import type { Conversion } from "./measured-conversion";
import { loadRouteFigures, type RouteFigures } from "./route-figures-query";
import { routingSettings } from "./routing-settings";

export type FiguresSnapshot = {
  /** The moment the figures describe. */
  asOf: Date;
  /** When this instance loaded them (Date.now()), for the refresh interval. */
  loadedAt: number;
  /** Per route and prefix, and per route over all prefixes (prefix null). */
  rows: RouteFigures[];
  byPrefix: Map<string, Map<string, RouteFigures>>;
};

/** `tried`: when the last background refresh started (Date.now()), so a failing one is retried once per interval, not per read. */
type Holder = { snapshot: FiguresSnapshot | null; loading: Promise<FiguresSnapshot> | null; tried: number };
const processWide = globalThis as unknown as { __sandiRouteFigures?: Holder };
const holder = (): Holder => (processWide.__sandiRouteFigures ??= { snapshot: null, loading: null, tried: 0 });

const prefixKey = (channel: string, prefix: string | null) => `${channel}:${prefix ?? ""}`;

function snapshotOf(rows: RouteFigures[], asOf: Date): FiguresSnapshot {
  const byPrefix = new Map<string, Map<string, RouteFigures>>();
  for (const row of rows) {
    if (row.prefix === null) continue;
    const key = prefixKey(row.channel, row.prefix);
    let routes = byPrefix.get(key);
    if (!routes) byPrefix.set(key, (routes = new Map()));
    routes.set(row.route, row);
  }
  return { asOf, loadedAt: Date.now(), rows, byPrefix };
}

/**
 * Loads the figures as they stand at `asOf` (now unless a test or a simulation moves the
 * clock) and makes them this instance's copy. A load already running is awaited first, so
 * an explicit refresh is never overwritten by an older one finishing after it.
 */
export async function refreshRouteFigures(asOf = new Date()): Promise<FiguresSnapshot> {
  const h = holder();
  if (h.loading) await h.loading.catch(() => undefined);
  const settings = routingSettings();
  const load = loadRouteFigures(asOf, settings.windowMs, settings.maturityMs).then((rows) => snapshotOf(rows, asOf));
  h.loading = load;
  try {
    h.snapshot = await load;
    return h.snapshot;
  } finally {
    if (h.loading === load) h.loading = null;
  }
}

/** Starts a background refresh when the copy is missing or older than the refresh interval. */
function refreshWhenDue(): void {
  const h = holder();
  const now = Date.now();
  if (h.loading || now - h.tried < routingSettings().refreshMs) return;
  if (h.snapshot && now - h.snapshot.loadedAt < routingSettings().refreshMs) return;
  h.tried = now;
  refreshRouteFigures().catch((err: unknown) => log.warn({ error: messageOf(err) }, "route figures not refreshed; routes keep their last figures or weights"));
}

/** This instance's figures for a channel's routes on one prefix (route name → figures); undefined until known. */
export function figuresFor(channel: string, prefix: string | null): ReadonlyMap<string, Conversion & RouteFigures> | undefined {
  refreshWhenDue();
  return holder().snapshot?.byPrefix.get(prefixKey(channel, prefix));
}

/** The whole copy (the /metrics gauges), refreshed in the background like any read. */
export function currentFigures(): FiguresSnapshot | null {
  refreshWhenDue();
  return holder().snapshot;
}

/** Forgets the copy (tests, and a simulation between scenarios). */
export function forgetRouteFigures(): void {
  processWide.__sandiRouteFigures = { snapshot: null, loading: null, tried: 0 };
}
