// otp_id = OTP + WIB date + 4 random letters + the day's counter (6 digits, more past
// 999999). The counter is a sequence per WIB day: nextval takes no row lock and is
// never rolled back, so creations across the platform never queue on one counter
// row (as they did on otp_daily_counters). A value whose OTP never commits is simply
// skipped. Sequences are made on first use of the day and dropped after a week.
//
// Each process takes the day's values in blocks (one round trip per COUNTER_BLOCK
// creations), so a creation knows its otp_id, which its code hash is bound to, before
// it opens its transaction and can write the whole transaction at once. Values stay
// unique service-wide; across instances they are not in creation order, and a block
// a process had not used up when it stopped is skipped, as a rolled-back value is.
import { getPool } from "@/server/db/client";
import { randomUpper } from "@/server/lib/random";
import { wibDateCompact, wibDay } from "@/lib/wib-time";

const SEQUENCE_PREFIX = "otp_ids_";
const KEEP_DAYS = 7;
const COUNTER_BLOCK = 32;
const ensured = new Set<string>();
/** Per sequence: the values this process holds, and the refill under way. */
const blocks = new Map<string, { values: string[]; refill: Promise<void> | null }>();

/** The day's sequence, created when this process first needs it. */
async function otpIdSequence(now: Date): Promise<string> {
  const compact = wibDateCompact(now);
  const name = `${SEQUENCE_PREFIX}${compact}`;
  if (!ensured.has(name)) {
    await createSequence(name, wibDay(now));
    ensured.add(name);
  }
  return name;
}

async function createSequence(name: string, day: Date): Promise<void> {
  const pool = await getPool();
  // A day already counted by the old counter row (an upgrade during the day) goes on after it.
  const { rows } = await pool.query<{ value: string | null }>("SELECT value::text FROM otp_daily_counters WHERE day = $1", [day]);
  const start = BigInt(rows[0]?.value ?? "0") + 1n;
  try {
    await pool.query(`CREATE SEQUENCE IF NOT EXISTS ${name} AS bigint START WITH ${start}`);
  } catch (err) {
    // Two instances creating the day's sequence at the same moment: one wins, both go on.
    if (!["23505", "42P07"].includes((err as { code?: string }).code ?? "")) throw err;
  }
}

function formatOtpId(now: Date, counter: bigint | string): string {
  return `OTP${wibDateCompact(now)}${randomUpper(4)}${String(counter).padStart(6, "0")}`;
}

/** The next otp_id of the WIB day of `now`; a database round trip only when this process's block is used up. */
export async function nextOtpId(now = new Date()): Promise<string> {
  const sequence = await otpIdSequence(now);
  let block = blocks.get(sequence);
  if (!block) {
    block = { values: [], refill: null };
    blocks.set(sequence, block);
    forgetOldBlocks();
  }
  while (block.values.length === 0) {
    block.refill ??= takeBlock(sequence, block).finally(() => (block.refill = null));
    await block.refill;
  }
  return formatOtpId(now, block.values.shift()!);
}

async function takeBlock(sequence: string, block: { values: string[] }): Promise<void> {
  const pool = await getPool();
  const { rows } = await pool.query<{ n: string }>({
    name: "otp-id-block",
    text: "SELECT nextval($1::regclass)::text AS n FROM generate_series(1, $2::int)",
    values: [sequence, COUNTER_BLOCK],
  });
  // Handed out smallest first, so one process's OTPs count up.
  block.values.push(...rows.map((r) => r.n).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)));
}

/** Keeps the blocks of the two days most recently started (a creation straddling midnight still finds yesterday's). */
function forgetOldBlocks(): void {
  for (const name of blocks.keys()) if (blocks.size > 2) blocks.delete(name);
}

/** Drops the sequences of days older than a week (an otp_id is never minted for a past day). */
export async function dropOldOtpIdSequences(now = new Date()): Promise<number> {
  const pool = await getPool();
  const oldest = wibDateCompact(new Date(now.getTime() - KEEP_DAYS * 86_400_000));
  const { rows } = await pool.query<{ relname: string }>(
    "SELECT relname FROM pg_class WHERE relkind = 'S' AND relname LIKE $1 AND relname < $2",
    [`${SEQUENCE_PREFIX}%`, `${SEQUENCE_PREFIX}${oldest}`],
  );
  // Names come from pg_class and match otp_ids_<digits>: safe to put in the statement.
  for (const { relname } of rows) if (/^otp_ids_\d{8}$/.test(relname)) await pool.query(`DROP SEQUENCE IF EXISTS ${relname}`);
  return rows.length;
}
