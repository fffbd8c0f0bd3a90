// otp_id = OTP + WIB date + 4 random letters + the day's counter (6 digits, more past
// 999999). The counter is a sequence per WIB day: nextval takes no row lock and is
// never rolled back, so creations across the platform never queue on one counter
// row (as they did on otp_daily_counters). A value whose OTP never commits is simply
// skipped. Sequences are made on first use of the day and dropped after a week.
import type { Queryable } from "@/server/db/sql";
import { getPool } from "@/server/db/client";
import { randomUpper } from "@/server/lib/random";
import { wibDateCompact, wibDay } from "@/lib/wib-time";

const SEQUENCE_PREFIX = "otp_ids_";
const KEEP_DAYS = 7;
const ensured = new Set<string>();

/** The day's sequence, created when this process first needs it. */
export async function otpIdSequence(now: Date): Promise<string> {
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

export function formatOtpId(now: Date, counter: bigint | string): string {
  return `OTP${wibDateCompact(now)}${randomUpper(4)}${String(counter).padStart(6, "0")}`;
}

/** The next otp_id of the WIB day of `now`, on the given connection (inside a creation) or on its own. */
export async function nextOtpId(now = new Date(), db?: Queryable): Promise<string> {
  const sequence = await otpIdSequence(now);
  const { rows } = await (db ?? (await getPool())).query<{ n: string }>({ text: "SELECT nextval($1::regclass)::text AS n", values: [sequence] });
  return formatOtpId(now, rows[0].n);
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
