// The log of blocked attempts: a row when a block starts (or, for geo, once per prefix
// and hour), whose count grows while the block refuses more. Written only when
// refusing, so the creation path pays nothing for it.
import type { Channel, FraudBlockReason } from "@/generated/prisma/enums";
import { getDb, type Tx } from "@/server/db/client";
import { runAutocommit, namedQuery } from "@/server/db/sql";
import type { FraudBlockRow } from "@/schemas/fraud";
import { formatWib } from "@/lib/wib-time";
import type { SpikeFigures } from "./detect";

export type BlockEntry = {
  merchantId: number;
  reason: FraudBlockReason;
  prefix: string;
  channel: Channel;
  /** Set when this attempt started the block; a continuing block only counts. */
  started: SpikeFigures | null;
  expiresAt: Date;
};

// A signal block spans prefixes, so its attempts count on the row of the prefix that tripped it.
const record = namedQuery(
  "fraud-block-record",
  `WITH hit AS (
     UPDATE fraud_blocks SET blocked = blocked + 1, last_blocked_at = now()
     WHERE NOT $8::boolean AND id = (
       SELECT id FROM fraud_blocks
       WHERE merchant_id = $1 AND reason = $2::"FraudBlockReason" AND (reason = 'signal_velocity' OR prefix = $3)
         AND unblocked_at IS NULL AND expires_at > now()
       ORDER BY id DESC LIMIT 1)
     RETURNING id)
   INSERT INTO fraud_blocks (merchant_id, reason, prefix, channel, expires_at, window_creations, window_verified, expected)
   SELECT $1, $2::"FraudBlockReason", $3, $4::"Channel", $5, $6, $7, $9 WHERE NOT EXISTS (SELECT 1 FROM hit)`,
);

export async function recordBlock(e: BlockEntry): Promise<void> {
  const f = e.started ?? { windowCreations: 0, windowVerified: 0, expected: 0 };
  await runAutocommit(record, [e.merchantId, e.reason, e.prefix, e.channel, e.expiresAt, f.windowCreations, f.windowVerified, e.started !== null, f.expected]);
}

/** The detection rules that block a whole prefix for a cooldown (and that unblocking lifts). */
const PREFIX_BLOCK_REASONS: FraudBlockReason[] = ["prefix_spike", "verified_nothing"];
/** The rows that run out or are lifted (geo and block-list rows are refusals); a reason this release does not know is not among them. */
const RUNNING_BLOCK_REASONS: readonly string[] = [...PREFIX_BLOCK_REASONS, "signal_velocity"];

type Stored = {
  id: bigint;
  reason: string;
  prefix: string;
  channel: string;
  started_at: Date;
  last_blocked_at: Date;
  expires_at: Date;
  blocked: number;
  window_creations: number;
  window_verified: number;
  expected: number;
  unblocked_at: Date | null;
};

/**
 * Reason and channel as text: the Prisma client refuses a row whose enum value its schema
 * does not list, and during a rolling deploy the next release may have written one
 * (docs/migrations.md, "New values of a stored enumeration"); the log shows it as stored.
 */
async function listRows(merchantId: number, limit: number): Promise<Stored[]> {
  const db = await getDb();
  return db.$queryRaw<Stored[]>`
    SELECT id, reason::text AS reason, prefix, channel::text AS channel, started_at, last_blocked_at, expires_at,
           blocked, window_creations, window_verified, expected, unblocked_at
    FROM fraud_blocks WHERE merchant_id = ${merchantId} ORDER BY last_blocked_at DESC LIMIT ${limit}`;
}

function isActive(row: Stored, now: Date): boolean {
  return RUNNING_BLOCK_REASONS.includes(row.reason) && row.unblocked_at === null && row.expires_at > now;
}

function present(row: Stored, now: Date): FraudBlockRow {
  return {
    id: row.id.toString(),
    reason: row.reason,
    prefix: row.prefix,
    channel: row.channel,
    started_at: formatWib(row.started_at),
    last_blocked_at: formatWib(row.last_blocked_at),
    expires_at: formatWib(row.expires_at),
    blocked: row.blocked,
    window_creations: row.window_creations,
    window_verified: row.window_verified,
    expected: row.expected,
    active: isActive(row, now),
    unblocked_at: row.unblocked_at ? formatWib(row.unblocked_at) : null,
  };
}

/** The newest blocks first; times in WIB like every other time the API shows. */
export async function listBlocks(merchantId: number, limit = 100, now = new Date()): Promise<FraudBlockRow[]> {
  return (await listRows(merchantId, limit)).map((row) => present(row, now));
}

/** Prefixes blocked right now for pumping, for the overview's notice. */
export async function activePrefixBlocks(merchantId: number, now = new Date()): Promise<string[]> {
  const db = await getDb();
  const rows = await db.fraudBlock.findMany({
    where: { merchantId, reason: { in: PREFIX_BLOCK_REASONS }, unblockedAt: null, expiresAt: { gt: now } },
    select: { prefix: true },
    distinct: ["prefix"],
  });
  return rows.map((r) => r.prefix).sort();
}

/** Marks a prefix's running blocks as lifted; returns how many there were. */
export async function markUnblocked(merchantId: number, prefix: string, by: string, now = new Date(), tx?: Tx): Promise<number> {
  const db = tx ?? (await getDb());
  const { count } = await db.fraudBlock.updateMany({
    where: { merchantId, prefix, reason: { in: PREFIX_BLOCK_REASONS }, unblockedAt: null, expiresAt: { gt: now } },
    data: { unblockedAt: now, unblockedBy: by },
  });
  return count;
}
