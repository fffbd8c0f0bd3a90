// The route figures shared by the fleet: one row of route_figures_shared holding the last
// figures computed and a lease on computing the next. Per refresh interval one instance
// claims the lease, runs the aggregate (route-figures-query.ts) and writes the row; every
// other instance reads the row instead of running the aggregate itself (figures-snapshot.ts).
//
// Each statement is autocommit and leaves no session state (no advisory lock), so it works
// the same behind a transaction-mode pooler. Freshness and the lease use the database's
// clock, so instances whose clocks disagree still agree on who computes.
import { namedQuery, runAutocommit } from "@/server/db/sql";
import type { RouteFigures } from "./route-figures-query";
import { leaseSeconds, type RoutingSettings } from "./routing-settings";

export type SharedFigures = {
  asOf: Date;
  rows: RouteFigures[];
  /** Computed with this instance's window and maturity. */
  sameSettings: boolean;
  /** …and within the refresh interval: adopt it rather than compute. */
  fresh: boolean;
  /** How long ago they were computed (the database's clock). */
  ageMs: number;
};

// $1 the refresh interval, $2 the window, $3 the maturity, in seconds: the first three
// parameters of the read and of the claim, so both judge freshness alike.
const SAME_SETTINGS = `(window_seconds = $2::int AND maturity_seconds = $3::int)`;
const FRESH = `(${SAME_SETTINGS} AND computed_at > now() - make_interval(secs => $1::float8))`;

const read = namedQuery(
  "route-figures-shared-read",
  `SELECT as_of, rows, ${SAME_SETTINGS} AS same_settings, ${FRESH} AS fresh,
          (extract(epoch FROM now() - computed_at) * 1000)::float8 AS age_ms
     FROM route_figures_shared WHERE id = 1 AND rows IS NOT NULL`,
);

// Takes the lease when the stored figures are not fresh (checked again here: another
// instance may have written them since this one read) and nobody holds it; creates the
// row on the very first claim. Of instances claiming at once, one gets the row.
const claim = namedQuery(
  "route-figures-shared-claim",
  `WITH taken AS (
     UPDATE route_figures_shared SET computing_by = $4::text, computing_until = now() + make_interval(secs => $5::float8)
      WHERE id = 1 AND ${FRESH} IS NOT TRUE AND (computing_until IS NULL OR computing_until <= now())
     RETURNING 1
   ), created AS (
     INSERT INTO route_figures_shared (id, computing_by, computing_until)
     SELECT 1, $4::text, now() + make_interval(secs => $5::float8) WHERE NOT EXISTS (SELECT 1 FROM route_figures_shared WHERE id = 1)
     ON CONFLICT (id) DO NOTHING
     RETURNING 1
   )
   SELECT EXISTS (SELECT 1 FROM taken) OR EXISTS (SELECT 1 FROM created) AS claimed`,
);

// Only while the lease is still this instance's: once it expired and another instance took
// it, that one's figures (computed later) are the ones to keep.
const store = namedQuery(
  "route-figures-shared-store",
  `UPDATE route_figures_shared
      SET as_of = $2, window_seconds = $3, maturity_seconds = $4, rows = $5::jsonb,
          computed_at = now(), computed_by = $1, computing_by = NULL, computing_until = NULL
    WHERE id = 1 AND computing_by = $1
   RETURNING 1`,
);

// A failed computation keeps the lease for one more interval: the fleet tries again once
// per interval, not once per instance (a statement that fails under load would otherwise be
// run by every instance in turn).
const holdAfterFailure = namedQuery(
  "route-figures-shared-failed",
  `UPDATE route_figures_shared SET computing_until = now() + make_interval(secs => $2::float8) WHERE id = 1 AND computing_by = $1`,
);

const seconds = (ms: number) => ms / 1000;
const judged = (settings: RoutingSettings) => [seconds(settings.refreshMs), seconds(settings.windowMs), seconds(settings.maturityMs)];

type Row = { as_of: Date; rows: RouteFigures[]; same_settings: boolean; fresh: boolean; age_ms: number };

/** The fleet's stored figures, judged against this instance's settings; null before any. */
export async function readSharedFigures(settings: RoutingSettings): Promise<SharedFigures | null> {
  const [row] = await runAutocommit<Row>(read, judged(settings));
  if (!row) return null;
  return { asOf: row.as_of, rows: row.rows, sameSettings: row.same_settings, fresh: row.fresh, ageMs: row.age_ms };
}

/** Whether this instance (`tag`) now holds the lease on computing the figures. */
export async function claimComputing(tag: string, settings: RoutingSettings): Promise<boolean> {
  const [row] = await runAutocommit<{ claimed: boolean }>(claim, [...judged(settings), tag, leaseSeconds(settings)]);
  return row.claimed;
}

/** Writes the figures computed under the lease and frees it; false when the lease had passed to another instance. */
export async function storeSharedFigures(tag: string, asOf: Date, settings: RoutingSettings, rows: RouteFigures[]): Promise<boolean> {
  const stored = await runAutocommit(store, [tag, asOf, seconds(settings.windowMs), seconds(settings.maturityMs), JSON.stringify(rows)]);
  return stored.length > 0;
}

/** After a failed computation: the stored figures stay, and the lease is kept for one interval. */
export async function holdLeaseAfterFailure(tag: string, settings: RoutingSettings): Promise<void> {
  await runAutocommit(holdAfterFailure, [tag, seconds(settings.refreshMs)]);
}
