// Looks inside a production server process (production-server.ts) through a preload
// (als-counter.mjs): how many AsyncLocalStorage instances it has enabled, and whether
// it has loaded Next.js.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect } from "vitest";
import type { ProductionServer } from "./production-server";
import { waitFor } from "./wait-for";

type Line = { alsCounterPid?: number; alsEnabled?: number; nextLoaded?: boolean };

/** NODE_OPTIONS that load the probe into the server process (and nothing else: it checks its script). */
export function probeNodeOptions(): string {
  const preload = pathToFileURL(path.join(process.cwd(), "tests", "harness", "als-counter.mjs")).href;
  return `${process.env.NODE_OPTIONS ?? ""} --import ${preload}`.trim();
}

const lines = (server: ProductionServer): Line[] =>
  server
    .output()
    .split("\n")
    .filter((line) => line.startsWith('{"als'))
    .map((line) => JSON.parse(line) as Line);

/** The server process's own pid (npm start runs it as a child), as the probe printed it. */
export function serverPid(server: ProductionServer): number {
  const pid = lines(server).find((line) => line.alsCounterPid)?.alsCounterPid;
  expect(pid, server.output()).toBeGreaterThan(0);
  return pid!;
}

/** Asks the server process and waits for its answer. */
export async function probe(server: ProductionServer): Promise<{ alsEnabled: number; nextLoaded: boolean }> {
  const pid = serverPid(server);
  const before = lines(server).length;
  process.kill(pid, "SIGUSR2");
  await waitFor(async () => lines(server).length > before, { timeoutMs: 10_000, what: "the server process's probe" });
  const { alsEnabled, nextLoaded } = lines(server).at(-1)!;
  return { alsEnabled: alsEnabled!, nextLoaded: nextLoaded! };
}
