// Direct access to the running e2e server's embedded PostgreSQL, for what no
// public endpoint may do: read an invoice's stored QR payload, or move an invoice
// to a state only time or the gateway can bring (expired, failed).
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/** Port from postmaster.pid (4th line), password from DATA_DIR/pg-password. */
export function embeddedDatabaseUrl(): string {
  const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e");
  const port = Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[3]);
  const password = readFileSync(path.join(dataDir, "pg-password"), "utf8").trim();
  return `postgresql://sandi:${encodeURIComponent(password)}@127.0.0.1:${port}/sandi`;
}

/** One statement on the e2e server's database, on a connection of its own. */
export async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export async function storedQrString(topupId: string): Promise<string> {
  const [row] = await query<{ qr_string: string | null }>(`SELECT qr_string FROM topups WHERE topup_id = $1`, [topupId]);
  if (!row?.qr_string) throw new Error(`no stored QR payload for ${topupId}`);
  return row.qr_string;
}

/** As if the 3 hours had gone by. */
export async function forceExpiry(topupId: string): Promise<void> {
  await query(`UPDATE topups SET expires_at = now() - interval '1 second' WHERE topup_id = $1`, [topupId]);
}

/** What an authenticated gateway failure report does (the e2e server has no callback token configured). */
export async function forceFailure(topupId: string): Promise<void> {
  const rows = await query(`UPDATE topups SET status = 'Failed' WHERE topup_id = $1 AND status = 'Pending' RETURNING topup_id`, [topupId]);
  if (rows.length !== 1) throw new Error(`${topupId} was not Pending`);
}
