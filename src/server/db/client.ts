import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { getEnv } from "@/env";
import { PrismaClient, type Prisma } from "@/generated/prisma/client";
import { onShutdown } from "@/server/lifecycle.mjs";
import { resolveDatabase } from "./database-url";
import { tuneNodePg } from "./node-pg-tuning.mjs";

export type Db = PrismaClient;
/** The client inside db.$transaction: services that join a caller's transaction take one. */
export type Tx = Prisma.TransactionClient;
export type { Prisma } from "@/generated/prisma/client";

type Handle = { prisma: PrismaClient; pool: pg.Pool };

// One pool per process, kept on globalThis so Next's dev reloads reuse it.
const processWide = globalThis as unknown as { __sandiDb?: Promise<Handle> };

export async function getDb(): Promise<PrismaClient> {
  return (await handle()).prisma;
}

/** The pg pool under Prisma, for the few statements Prisma cannot express. */
export async function getPool(): Promise<pg.Pool> {
  return (await handle()).pool;
}

// A stopping process ends its connections instead of leaving PostgreSQL to find them dead.
onShutdown("close", () => disconnectDb());

export async function disconnectDb(): Promise<void> {
  const current = processWide.__sandiDb;
  processWide.__sandiDb = undefined;
  if (!current) return;
  const { prisma, pool } = await current;
  await prisma.$disconnect();
  await pool.end().catch(() => undefined);
}

function handle(): Promise<Handle> {
  processWide.__sandiDb ??= (async () => {
    const { url } = await resolveDatabase();
    tuneNodePg();
    // Times go to PostgreSQL as UTC text: every time column is timestamptz (the same instant
    // either way) and days go as text. node-pg's default, local time, looks up the zone's
    // offset for every Date it binds: about 19,000 instructions each, counted under callgrind.
    pg.defaults.parseInputDatesAsUTC = true;
    // Bursts larger than the pool queue for a connection, up to DB_POOL_WAIT_MS (10 s), the
    // same for the hot path's queries and Prisma's transactions (whose own default wait is
    // 2 s). Without the limit a query waited for ever: with every connection held by
    // statements that hang (a lock storm, a server that stopped answering), requests piled
    // up in memory instead of failing with the envelope's 500 for the client to retry.
    const { DB_POOL_SIZE: max, DB_POOL_WAIT_MS: waitMs } = getEnv();
    const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: waitMs });
    // An idle client that loses its server (e.g. a PostgreSQL restart) must not crash the process.
    pool.on("error", () => undefined);
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: { maxWait: waitMs, timeout: 15_000 } });
    return { prisma, pool };
  })().catch((err) => {
    processWide.__sandiDb = undefined;
    throw err;
  });
  return processWide.__sandiDb;
}
