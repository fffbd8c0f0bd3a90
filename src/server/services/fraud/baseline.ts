// A prefix's usual share of a merchant's creations and its usual verification rate,
// from the merchant's own recent history, or from the whole platform's for a merchant
// too new to have one, blended with the prior (prior.ts) while that history is short. Shares, not volumes: compared with the merchant's current total
// they say how many creations a prefix should be getting now, whatever the time of day.
// The last hour is left out, so an attack under way never becomes its own baseline.
import { runAutocommit, namedQuery } from "@/server/db/sql";
import { prefixOf } from "./prefix";
import { priorFor } from "./prior";
import { refreshingCache } from "./refreshing-cache";

export type PrefixUsual = { share: number; verifiedRate: number };
export type Baseline = {
  source: "merchant" | "platform";
  prefixes: Map<string, PrefixUsual>;
  verifiedRate: number;
  /** Creations the history holds; with PRIOR_WEIGHT they decide how much the prior still counts. */
  size: number;
};

/** A merchant needs this many creations in its history to be judged against itself rather than the platform. */
export const MIN_HISTORY = 500;
/**
 * The prior counts as this many creations of history: a history of 500 and the prior
 * weigh half each, one of 20 000 leaves the prior 2.4 %. A fresh installation (no
 * history at all) is judged on the prior alone.
 */
export const PRIOR_WEIGHT = 500;
const SAMPLE = { merchant: 20_000, platform: 50_000 };
const REFRESH_MS = 10 * 60_000;
/** What a prefix nobody has seen is assumed to verify at. */
const DEFAULT_VERIFIED_RATE = 0.75;

// The newest creations first, at most SAMPLE of them, grouped by their first six digits
// (the longest country code plus three): the prefix itself is computed here, not in SQL.
const history = (scope: "merchant" | "platform") =>
  namedQuery(
    `fraud-baseline-${scope}`,
    `SELECT head, count(*)::int AS n, count(*) FILTER (WHERE status = 'verified')::int AS verified FROM (
       SELECT left(destination_key, 6) AS head, status FROM otp_transactions
       WHERE ${scope === "merchant" ? "merchant_id = $2 AND " : ""}created_at < now() - interval '1 hour' AND created_at > now() - interval '8 days'
         AND channel <> 'email' AND channel <> 'whatsapp_inbound' AND destination_key IS NOT NULL
       ORDER BY created_at DESC LIMIT $1) sample
     GROUP BY head`,
  );

type Row = { head: string; n: number; verified: number };

function summarize(rows: Row[], source: Baseline["source"]): Baseline {
  const counts = new Map<string, { n: number; verified: number }>();
  let size = 0;
  let verified = 0;
  for (const row of rows) {
    const prefix = prefixOf(row.head);
    const c = counts.get(prefix) ?? { n: 0, verified: 0 };
    c.n += row.n;
    c.verified += row.verified;
    counts.set(prefix, c);
    size += row.n;
    verified += row.verified;
  }
  const overall = size ? verified / size : DEFAULT_VERIFIED_RATE;
  const prefixes = new Map<string, PrefixUsual>();
  // A prefix seen only a few times says little about its verification rate: blend towards the overall one.
  for (const [prefix, c] of counts) prefixes.set(prefix, { share: c.n / size, verifiedRate: (c.verified + overall * 10) / (c.n + 10) });
  return { source, prefixes, verifiedRate: overall, size };
}

async function loadMerchant(merchantId: number): Promise<Baseline> {
  const own = summarize(await runAutocommit<Row>(history("merchant"), [SAMPLE.merchant, merchantId]), "merchant");
  if (own.size >= MIN_HISTORY) return own;
  const shared = await platform.get("platform");
  return shared.size >= own.size ? shared : own;
}

async function loadPlatform(): Promise<Baseline> {
  return summarize(await runAutocommit<Row>(history("platform"), [SAMPLE.platform]), "platform");
}

/** Loaded once per merchant and instance, then refreshed in the background every ten minutes. */
const merchants = refreshingCache<number, Baseline>(REFRESH_MS, loadMerchant);
const platform = refreshingCache<"platform", Baseline>(REFRESH_MS, loadPlatform);

export function baselineFor(merchantId: number): Promise<Baseline> {
  return merchants.get(merchantId);
}

/** The history's figures for the prefix and the prior's, weighted by how much history there is. */
export function usualFor(baseline: Baseline, prefix: string): PrefixUsual {
  const seen = baseline.prefixes.get(prefix) ?? { share: 0, verifiedRate: baseline.verifiedRate };
  const prior = priorFor(prefix);
  const w = baseline.size / (baseline.size + PRIOR_WEIGHT);
  return { share: w * seen.share + (1 - w) * prior.share, verifiedRate: w * seen.verifiedRate + (1 - w) * prior.verifiedRate };
}

/** For tests and the simulation: forget every cached baseline. */
export function forgetBaselines(): void {
  merchants.clear();
  platform.clear();
}
