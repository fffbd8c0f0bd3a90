// Seeds the insights mix (tests/harness/insights-mix.ts) into the running e2e server's
// database, for a merchant made with otpctl, and makes the worker's rollup of those
// days forget them (it may have rolled them up, empty, before the seed).
import pg from "pg";
import { insightsMix, seedInsightsMix, type MixOtp } from "../../tests/harness/insights-mix";
import { embeddedDatabaseUrl } from "./topup-database";

export async function seedInsights(merchantPublicId: string, lastDay: string): Promise<MixOtp[]> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(`SELECT id FROM merchants WHERE merchant_id = $1 AND live_merchant_id IS NULL`, [merchantPublicId]);
    const mix = insightsMix(lastDay, `E2E${Date.now() % 100000}`);
    await seedInsightsMix((sql, params) => client.query(sql, params), rows[0].id, mix);
    const days = [...new Set(mix.map((o) => o.day))];
    await client.query("BEGIN");
    for (const table of ["otp_insights_daily", "otp_insights_timings", "otp_insights_days"]) await client.query(`DELETE FROM ${table} WHERE day = ANY($1::date[])`, [days]);
    await client.query("COMMIT");
    return mix;
  } finally {
    await client.end();
  }
}
