// Each instance's copy of the route figures. A creation on a channel with several routes
// reads the copy synchronously (a map lookup, no I/O); a channel with one route never calls
// this at all. Once the copy is older than ROUTING_REFRESH_SECONDS, a read starts a
// background refresh and never awaits it. That refresh adopts the figures the fleet stored
// (shared-figures.ts) when they are fresh; otherwise the instance that wins the lease runs
// the aggregate (route-figures-query.ts) and stores the result for the others. So the fleet
// runs the aggregate about once per interval however many instances it has, and each
// instance reads one row. Until the first figures land, and when a refresh fails, routes
// are chosen by their weights (the last good copy keeps answering).
//
// The process's copy lives on globalThis: Next's bundle (the /metrics gauges) and the /v3
// bundle (creations) load this module separately but share one copy and one refresh. It is
// plain data, so either bundle's functions work on it. A test makes more copies
// (newFiguresCopy) to play other instances.
import { hostname } from "node:os";
import { log, messageOf } from "@/server/log";
import type { Conversion } from "./measured-conversion";
import { loadRouteFigures, type RouteFigures } from "./route-figures-query";
import { fleetComputationTimeoutMs, routingSettings, type RoutingSettings } from "./routing-settings";
import { claimComputing, holdLeaseAfterFailure, readSharedFigures, storeSharedFigures, type SharedFigures } from "./shared-figures";

export type FiguresSnapshot = {
  /** The moment the figures describe. */
  asOf: Date;
  /** When this instance loaded or adopted them (Date.now()), for the refresh interval. */
  loadedAt: number;
  /** Per route and prefix, and per route over all prefixes (prefix null). */
  rows: RouteFigures[];
  byPrefix: Map<string, Map<string, RouteFigures>>;
};

type LoadFigures = typeof loadRouteFigures;

export type FiguresCopy = {
  /** Names this instance in the shared row: who computed the figures, who holds the lease. */
  tag: string;
  /** The aggregate, when not loadRouteFigures: a test's, to count or break it. */
  load?: LoadFigures;
  snapshot: FiguresSnapshot | null;
  /** The refresh in flight, so that refreshes never overlap. */
  loading: Promise<unknown> | null;
  /** When the last background refresh started (Date.now()), so a failing one is retried once per interval, not per read. */
  tried: number;
};

export function newFiguresCopy(options: { tag?: string; load?: LoadFigures } = {}): FiguresCopy {
  return { tag: options.tag ?? `${hostname()}:${process.pid}`, load: options.load, snapshot: null, loading: null, tried: 0 };
}

const processWide = globalThis as unknown as { __sandiRouteFiguresCopy?: FiguresCopy };
const processCopy = (): FiguresCopy => (processWide.__sandiRouteFiguresCopy ??= newFiguresCopy());

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

function compute(copy: FiguresCopy, asOf: Date, settings: RoutingSettings, timeoutMs?: number): Promise<RouteFigures[]> {
  return (copy.load ?? loadRouteFigures)(asOf, settings.windowMs, settings.maturityMs, timeoutMs);
}

/** Runs `work` as the copy's refresh once any refresh in flight has finished, so an older one never lands after it. */
async function exclusively<T>(copy: FiguresCopy, work: () => Promise<T>): Promise<T> {
  if (copy.loading) await copy.loading.catch(() => undefined);
  const run = work();
  copy.loading = run;
  try {
    return await run;
  } finally {
    if (copy.loading === run) copy.loading = null;
  }
}

/**
 * Computes the figures as they stand at `asOf` (now unless a test or a simulation moves the
 * clock) and makes them this instance's copy. Not stored for the fleet: a moved clock must
 * not reach other instances.
 */
export async function refreshRouteFigures(asOf = new Date(), copy = processCopy()): Promise<FiguresSnapshot> {
  return exclusively(copy, async () => (copy.snapshot = snapshotOf(await compute(copy, asOf, routingSettings()), asOf)));
}

/** Figures only move forward: an explicit refresh to a later moment is not replaced by the fleet's. */
function adopt(copy: FiguresCopy, stored: SharedFigures): void {
  if (copy.snapshot && copy.snapshot.asOf >= stored.asOf) return;
  copy.snapshot = snapshotOf(stored.rows, stored.asOf);
}

/** Under the lease: the aggregate, this copy, and the stored row the other instances adopt. */
async function computeForFleet(copy: FiguresCopy, settings: RoutingSettings): Promise<void> {
  const asOf = new Date();
  const rows = await compute(copy, asOf, settings, fleetComputationTimeoutMs(settings)).catch(async (err: unknown) => {
    await holdLeaseAfterFailure(copy.tag, settings).catch(() => undefined);
    throw err;
  });
  try {
    const stored = await storeSharedFigures(copy.tag, asOf, settings, rows);
    log.debug({ computed_by: copy.tag, stored, ms: Date.now() - asOf.getTime() }, "route figures computed for the fleet");
  } catch (err) {
    log.warn({ error: messageOf(err) }, "route figures computed but not stored for the fleet; another instance computes them once the lease lapses");
  }
  // Taken once they are stored, so that this copy falls due only after the stored figures
  // stop being fresh: taken before, a read arriving just as it fell due could find them
  // (stored a moment later) still fresh, and this instance would wait another interval.
  copy.snapshot = snapshotOf(rows, asOf);
}

/** The background refresh: the fleet's figures when fresh; else computed here if this instance wins the lease. */
async function refreshFromFleet(copy: FiguresCopy): Promise<void> {
  const settings = routingSettings();
  const stored = await readSharedFigures(settings);
  if (stored?.fresh) return adopt(copy, stored);
  if (await claimComputing(copy.tag, settings)) return computeForFleet(copy, settings);
  // Another instance is computing them: until it stores them, the last interval's are
  // better than older ones (a starting instance has none at all).
  if (stored?.sameSettings && stored.ageMs < 2 * settings.refreshMs) adopt(copy, stored);
}

/**
 * Starts a background refresh when the copy is missing or older than the refresh interval
 * and returns it (a test awaits it; a read never does), or null when not due. A refresh
 * that fails is logged and leaves the copy as it was.
 */
export function refreshWhenDue(copy = processCopy(), now = Date.now()): Promise<void> | null {
  const { refreshMs } = routingSettings();
  if (copy.loading || now - copy.tried < refreshMs) return null;
  if (copy.snapshot && now - copy.snapshot.loadedAt < refreshMs) return null;
  copy.tried = now;
  return exclusively(copy, () => refreshFromFleet(copy)).catch((err: unknown) =>
    log.warn({ error: messageOf(err) }, "route figures not refreshed; routes keep their last figures or weights"),
  );
}

/** This instance's figures for a channel's routes on one prefix (route name → figures); undefined until known. */
export function figuresFor(channel: string, prefix: string | null): ReadonlyMap<string, Conversion & RouteFigures> | undefined {
  void refreshWhenDue();
  return processCopy().snapshot?.byPrefix.get(prefixKey(channel, prefix));
}

/** The whole copy (the /metrics gauges), refreshed in the background like any read. */
export function currentFigures(): FiguresSnapshot | null {
  void refreshWhenDue();
  return processCopy().snapshot;
}

/** Forgets the copy (tests, and a simulation between scenarios). */
export function forgetRouteFigures(): void {
  processWide.__sandiRouteFiguresCopy = newFiguresCopy();
}
