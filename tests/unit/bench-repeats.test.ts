// The bench's repeated saturation phases (bench/lib/repeats.ts) and the ratios read from
// them (bench/lib/report.ts): medians, spread, paired ratios, and the as-shipped keys.
import { describe, expect, it } from "vitest";
import type { PhaseResult } from "../../bench/lib/plan";
import { collapseRepeats, median, pairedRatio } from "../../bench/lib/repeats";
import { targetRatios } from "../../bench/lib/report";

function run(name: string, rps: number, appCpu: number, pgCpu: number | null = null): PhaseResult {
  const latencyMs = { count: 1, mean: 1, p50: rps / 100, p95: 1, p99: rps / 10, max: 1 } as unknown as PhaseResult["parts"][number]["latencyMs"];
  return {
    name,
    startedAt: "2026-11-26T00:00:00Z",
    serverCpuMsPerRequest: appCpu,
    postgresCpuMsPerRequest: pgCpu,
    machineCpuMsPerRequest: null,
    parts: [{ name, endpoint: "request", connections: 1, targetRate: null, durationSec: 1, requests: 1, requestsPerSec: rps, latencyMs, statuses: {}, non2xx: 0, errors: 0, timeouts: 0 }],
  };
}

describe("bench repeats", () => {
  it("keeps the run with the median requests/s and every figure's median and spread", () => {
    const { phases, repeats } = collapseRepeats([run("a", 300, 3), run("once", 5, 1), run("a", 100, 1), run("a", 200, 2)]);
    expect(phases.map((p) => [p.name, p.parts[0].requestsPerSec])).toEqual([["a", 200], ["once", 5]]);
    expect(repeats.a.reqPerSec).toEqual([300, 100, 200]);
    expect(repeats.a.median.reqPerSec).toBe(200);
    expect(repeats.a.spreadPercent.reqPerSec).toBe(100);
    expect(repeats.a.median.postgresCpuMsPerRequest).toBeNull();
    expect(repeats.once).toBeUndefined();
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("pairs run i with run i: the median of the pairs' ratios, not the ratio of the medians", () => {
    expect(pairedRatio([100, 400, 90], [200, 500, 300])).toEqual({ median: 0.5, spreadPercent: 100, pairs: 3 });
  });

  it("reads the ratios from the medians, and floor_as_shipped only for a server without overrides", () => {
    const runs = [
      ...[1, 2, 3].flatMap((i) => [run("floor-saturation", 100 * i, 0.1), run("floor-reference", 200 * i, 0.02)]),
      ...[1, 2, 3].map((i) => run("request-saturation", 50 * i, 0.4 * i, 0.5 * i)),
      run("verify-saturation", 100, 0.3),
      run("otp-saturation", 300, 0.1),
      run("request-fixed", 75, 0.5, 1.3),
    ];
    const { phases, repeats } = collapseRepeats(runs);
    const pgbench = [{ label: "create-otp.sql", script: "create-otp.sql", sessionOptions: null, clients: 1, durationSec: 1, tps: 500, latencyAvgMs: 1, transactions: 1, failed: 0, postgresCpuMsPerTransaction: 0.8 },
      { label: "create-otp.sql, at 75/s", script: "create-otp.sql", sessionOptions: null, clients: 1, durationSec: 1, tps: 75, latencyAvgMs: 1, transactions: 1, failed: 0, postgresCpuMsPerTransaction: 1, rate: 75 },
    ];
    const asShipped = targetRatios({ phases, repeats, pgbench, overrides: {} });
    expect(asShipped).toMatchObject({ floor: 0.5, floor_as_shipped: 0.5, request: 0.2, cpu_request: 40, cpu_verify: 15, cpu_otp: 5, pg_cpu_request: 1.25, pg_cpu_request_at_rate: 1.3 });
    expect(targetRatios({ phases, repeats, pgbench, overrides: { LOG_REQUESTS: "0" } }).floor_as_shipped).toBeNull();
  });
});
