// otp_id = OTP + WIB date + 4 random letters + the day's counter (6 digits, more past
// 999999). The counter is the day's row of otp_daily_counters, advanced a block at a
// time by sandi_otp_id_block (SQL, migration 20261126090000): one autocommit statement
// per COUNTER_BLOCK creations, so creations across the platform hold that row for
// microseconds per block instead of queueing on it per OTP, and no DDL runs at run
// time (a pooler in transaction mode carries no sequence created on the fly).
//
// Each process takes the day's values in blocks (one round trip per COUNTER_BLOCK
// creations), so a creation knows its otp_id, which its code hash is bound to, before
// it opens its transaction and can write the whole transaction at once. Values stay
// unique service-wide; across instances they are not in creation order, and a block
// a process had not used up when it stopped is skipped (a gap, never a repeat).
import { runAutocommit, namedQuery } from "@/server/db/sql";
import { randomUpper } from "@/server/lib/random";
import { wibDate, wibDateCompact } from "@/lib/wib-time";

const COUNTER_BLOCK = 32;
/** Per WIB day: the values this process holds, and the refill under way. */
const blocks = new Map<string, { values: string[]; refill: Promise<void> | null }>();
const takeBlockSql = namedQuery("otp-id-block", "SELECT n::text AS n FROM sandi_otp_id_block($1::date, $2::int) AS n");

function formatOtpId(now: Date, counter: bigint | string): string {
  return `OTP${wibDateCompact(now)}${randomUpper(4)}${String(counter).padStart(6, "0")}`;
}

/** The next otp_id of the WIB day of `now`; a database round trip only when this process's block is used up. */
export async function nextOtpId(now = new Date()): Promise<string> {
  const day = wibDate(now);
  let block = blocks.get(day);
  if (!block) {
    block = { values: [], refill: null };
    blocks.set(day, block);
    forgetOldBlocks();
  }
  while (block.values.length === 0) {
    block.refill ??= takeBlock(day, block).finally(() => (block.refill = null));
    await block.refill;
  }
  return formatOtpId(now, block.values.shift()!);
}

async function takeBlock(day: string, block: { values: string[] }): Promise<void> {
  const rows = await runAutocommit<{ n: string }>(takeBlockSql, [day, COUNTER_BLOCK]);
  // Handed out smallest first, so one process's OTPs count up.
  block.values.push(...rows.map((r) => r.n).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)));
}

/** Keeps the blocks of the two days most recently started (a creation straddling midnight still finds yesterday's). */
function forgetOldBlocks(): void {
  for (const name of blocks.keys()) if (blocks.size > 2) blocks.delete(name);
}
