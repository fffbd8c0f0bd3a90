// A small pool whose sessions commit without waiting for the WAL flush
// (synchronous_commit = off), for the one hot counter row: its row lock is then
// held for microseconds instead of a disk flush, so creations do not queue on it.
// Safe for the otp_id counter because WAL is flushed in order: any OTP row that
// commits durably (synchronously) also makes the counter value it used durable;
// only values whose OTP never committed can be lost in a crash and be reissued.
import pg from "pg";
import { resolveDatabase } from "./database-url";

const holder = globalThis as unknown as { __sandiAsyncCommitPool?: Promise<pg.Pool> };

export function getAsyncCommitPool(): Promise<pg.Pool> {
  holder.__sandiAsyncCommitPool ??= (async () => {
    const { url } = await resolveDatabase();
    const pool = new pg.Pool({ connectionString: url, max: 4, options: "-c synchronous_commit=off" });
    pool.on("error", () => undefined);
    return pool;
  })().catch((err) => {
    holder.__sandiAsyncCommitPool = undefined;
    throw err;
  });
  return holder.__sandiAsyncCommitPool;
}

export async function closeAsyncCommitPool(): Promise<void> {
  const current = holder.__sandiAsyncCommitPool;
  holder.__sandiAsyncCommitPool = undefined;
  if (current) await (await current).end().catch(() => undefined);
}
