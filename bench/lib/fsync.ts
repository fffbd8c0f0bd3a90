// The disk's floor under a commit that waits for its WAL flush: PostgreSQL on Linux
// writes the WAL and calls fdatasync (wal_sync_method's default), so one 8 kB write and
// its fdatasync, repeated on the file system the cluster's WAL is on, is what such a
// commit cannot go below however fast everything else is.
import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { summarizeLatencies } from "./percentiles";

export type FsyncFloor = { dir: string; writes: number; p50Ms: number; p99Ms: number };

export function fsyncFloor(dir: string, seconds = 2): FsyncFloor {
  const file = path.join(dir, `sandi-fsync-probe-${process.pid}`);
  const page = Buffer.alloc(8192, 1);
  const fd = openSync(file, "w");
  const micros: number[] = [];
  try {
    const until = Date.now() + seconds * 1000;
    // Rewrites the same 8 kB, as the WAL's current page is rewritten by each small commit.
    while (Date.now() < until) {
      const start = process.hrtime.bigint();
      writeSync(fd, page, 0, page.length, 0);
      fdatasyncSync(fd);
      micros.push(Number(process.hrtime.bigint() - start) / 1000);
    }
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
  const { p50, p99 } = summarizeLatencies(micros.map((us) => us / 1000));
  return { dir, writes: micros.length, p50Ms: p50, p99Ms: p99 };
}
