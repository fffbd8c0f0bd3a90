// A prefix's usual share of a merchant's creations and its usual verification rate,
// from the merchant's own recent history, or from the whole platform's for a merchant
// too new to have one. Shares, not volumes: compared with the merchant's current total
// they say how many creations a prefix should be getting now, whatever the time of day.
// The last hour is left out, so an attack under way never becomes its own baseline.
import { runAutocommit, namedQuery } from "@/server/db/sql";
import { prefixOf } from "./prefix";

export type PrefixUsual = { share: number; verifiedRate: number };
export type Baseline = { source: "merchant" | "platform"; prefixes: Map<string, PrefixUsual>; verifiedRate: number };

/**
 * A merchant needs this many creations in its history to be judged against itself, and
 * the platform as many to stand in for it; with neither (a fresh installation) there is
 * no "usual" to compare with, and only the signal rule applies.
 */
export const MIN_HISTORY = 500;
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

function summarize(rows: Row[], source: Baseline["source"]): Baseline & { size: number } {
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

type Cached = { at: number; value: Promise<Baseline | null> };
const cache = new Map<string, Cached>();

async function loadMerchant(merchantId: number): Promise<Baseline | null> {
  const own = summarize(await runAutocommit<Row>(history("merchant"), [SAMPLE.merchant, merchantId]), "merchant");
  if (own.size >= MIN_HISTORY) return own;
  return cached("platform", loadPlatform);
}

async function loadPlatform(): Promise<Baseline | null> {
  const platform = summarize(await runAutocommit<Row>(history("platform"), [SAMPLE.platform]), "platform");
  return platform.size >= MIN_HISTORY ? platform : null;
}

/**
 * Loaded once per merchant and instance, then refreshed in the background every ten
 * minutes while the old one keeps answering: a creation never waits for the refresh.
 */
function cached(key: string, load: () => Promise<Baseline | null>): Promise<Baseline | null> {
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && now - hit.at < REFRESH_MS) return hit.value;
  const fresh = load();
  if (!hit) {
    cache.set(key, { at: now, value: fresh });
    fresh.catch(() => cache.delete(key));
    return fresh;
  }
  hit.at = now; // one refresh at a time
  fresh.then((value) => cache.set(key, { at: Date.now(), value: Promise.resolve(value) }), () => undefined);
  return hit.value;
}

export function baselineFor(merchantId: number): Promise<Baseline | null> {
  return cached(`merchant:${merchantId}`, () => loadMerchant(merchantId));
}

export function usualFor(baseline: Baseline, prefix: string): PrefixUsual {
  return baseline.prefixes.get(prefix) ?? { share: 0, verifiedRate: baseline.verifiedRate };
}

/** For tests and the simulation: forget every cached baseline. */
export function forgetBaselines(): void {
  cache.clear();
}
