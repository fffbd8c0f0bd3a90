// The bench's instruction counts (bench/lib/callgrind.ts, bench:io-floor's IO_FLOOR_MEASURE=instructions)
// on a real server under valgrind: a count covers what the server did between the switches, twice the
// requests count about twice the instructions (V8's compilers' share aside), and the same requests
// count the same again.
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALLGRIND_DIR, callgrindCommand, countInstructions } from "../../bench/lib/callgrind";
import { freePort, startReferenceServer, type AppServer } from "../../bench/lib/server";
import { ensureDebianPackage } from "../harness/debian-package";

let server: AppServer;

const get = async (n: number) => {
  for (let i = 0; i < n; i++) await fetch(`${server.baseUrl}/v3/bench-floor`).then((res) => res.arrayBuffer());
};

beforeAll(async () => {
  ensureDebianPackage("/usr/bin/valgrind", "valgrind", "The bench's instruction counts");
  server = await startReferenceServer("floor-server.mjs", await freePort(), [], {}, callgrindCommand("test-floor"));
  // Interpreted, then compiled: the counts below are of warmed-up code.
  await get(3000);
}, 300_000);

afterAll(async () => {
  if (!server) return;
  // fetch keeps its connection open, which a graceful close would wait for.
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGKILL");
  await exited;
  // The dumps are the bench's to keep, not a test's.
  const ours = `test-floor.${server.pid}`;
  for (const file of readdirSync(CALLGRIND_DIR)) if (file === ours || file.startsWith(`${ours}.`)) rmSync(path.join(CALLGRIND_DIR, file));
});

describe("bench instruction counts", () => {
  it("counts the requests' instructions in the server: twice the requests, about twice the count; the same again, about the same", async () => {
    const counts = [await countInstructions(server.pid, () => get(400)), await countInstructions(server.pid, () => get(400)), await countInstructions(server.pid, () => get(800))];
    const idle = await countInstructions(server.pid, () => new Promise((r) => setTimeout(r, 200)));
    for (const count of counts) {
      // V8 still compiles some of the path after thousands of requests: a share the bench reports apart.
      expect(count.compilerInstructions).toBeGreaterThanOrEqual(0);
      expect(count.compilerInstructions).toBeLessThan(count.instructions);
    }
    const [first, again, twice] = counts.map((c) => c.instructions - c.compilerInstructions);

    // A node:http 404 is tens of thousands of instructions, not a handful and not millions.
    expect(first / 400).toBeGreaterThan(10_000);
    expect(first / 400).toBeLessThan(1_000_000);
    expect(again / first).toBeGreaterThan(0.9);
    expect(again / first).toBeLessThan(1.1);
    expect(twice / first).toBeGreaterThan(1.8);
    expect(twice / first).toBeLessThan(2.2);
    // Nothing counted outside the window: an idle server does almost nothing.
    expect(idle.instructions).toBeLessThan(first / 100);
  }, 300_000);
});
