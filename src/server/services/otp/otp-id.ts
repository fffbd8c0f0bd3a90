import { getAsyncCommitPool } from "@/server/db/async-commit-pool";
import { randomUpper } from "@/server/lib/random";
import { wibDateCompact, wibDay } from "@/server/lib/wib-time";

/**
 * OTP + WIB date + 4 random letters + the day's counter (6 digits, more past 999999).
 * The counter is incremented in its own statement outside the creation transaction,
 * on a session that does not wait for the WAL flush, so the row lock lasts
 * microseconds and creations never queue behind each other (see async-commit-pool.ts).
 */
export async function nextOtpId(now = new Date()): Promise<string> {
  const pool = await getAsyncCommitPool();
  const day = wibDay(now).toISOString().slice(0, 10);
  const { rows } = await pool.query<{ value: string }>(
    `INSERT INTO otp_daily_counters (day, value) VALUES ($1, 1)
     ON CONFLICT (day) DO UPDATE SET value = otp_daily_counters.value + 1
     RETURNING value`,
    [day],
  );
  return `OTP${wibDateCompact(now)}${randomUpper(4)}${rows[0].value.padStart(6, "0")}`;
}
