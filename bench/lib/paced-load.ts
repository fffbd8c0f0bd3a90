// Open-loop load at a fixed rate: requests leave on a Poisson schedule, whatever the
// server's answers do, as pgbench's -R sends its transactions. autocannon's rate is a
// quota per connection per second: every connection sends its share as fast as it is
// answered at the start of each second and then idles, so a "half of saturation" phase
// was a burst at saturation followed by silence, and its p50/p99 were saturation's.
import http from "node:http";
import { performance } from "node:perf_hooks";
import { seededRandom } from "../../src/server/lib/random";
import { summarizeLatencies, type LatencySummary } from "./percentiles";

export type PacedRequest = { method: string; path: string; headers: Record<string, string>; body?: string };

/** What to send next; null when there is nothing left to send (the part stops early). */
export type PacedSource = () => { request: PacedRequest; onAnswer?: (status: number, body: string) => void } | null;

export type PacedResult = {
  /** From the moment a connection took the request (as pgbench counts from a transaction's actual start). */
  latencies: number[];
  /** When each of those answers came, in ms from the start of the schedule (same order), to place slow ones in time. */
  answeredAtMs: number[];
  /** From the scheduled departure to the moment a connection took it: queueing in the load generator when every connection was busy. */
  lagMs: LatencySummary;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  /** Seconds of schedule run; shorter than asked when the source ran out. */
  seconds: number;
};

/** Departure times in ms from the start: exponential gaps of mean 1000/rate (a Poisson process), up to durationSec. */
export function poissonSchedule(rate: number, durationSec: number, random: () => number): number[] {
  const times: number[] = [];
  const end = durationSec * 1000;
  let t = 0;
  for (;;) {
    t += (-Math.log(1 - random()) * 1000) / rate;
    if (t >= end) return times;
    times.push(t);
  }
}

export async function runPaced(options: {
  baseUrl: string;
  connections: number;
  durationSec: number;
  rate: number;
  seed: number;
  timeoutSec: number;
  next: PacedSource;
}): Promise<PacedResult> {
  const url = new URL(options.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const schedule = poissonSchedule(options.rate, options.durationSec, seededRandom(options.seed));
  const latencies: number[] = [];
  const answeredAtMs: number[] = [];
  const lags: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  let outstanding = 0;
  let stoppedAt: number | null = null;
  let settle: () => void = () => {};
  const allAnswered = new Promise<void>((resolve) => (settle = resolve));

  const send = (scheduledAt: number): boolean => {
    const item = options.next();
    if (!item) return false;
    const { request, onAnswer } = item;
    outstanding += 1;
    let takenAt = scheduledAt;
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      outstanding -= 1;
      if (outstanding === 0 && sendingOver) settle();
    };
    const req = http.request(
      { hostname: url.hostname, port: url.port, method: request.method, path: request.path, headers: request.body ? { ...request.headers, "content-length": Buffer.byteLength(request.body) } : request.headers, agent, timeout: options.timeoutSec * 1000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          if (finished) return;
          const now = performance.now();
          latencies.push(now - takenAt);
          answeredAtMs.push(now - started);
          const status = res.statusCode ?? 0;
          statuses[status] = (statuses[status] ?? 0) + 1;
          onAnswer?.(status, Buffer.concat(chunks).toString("utf8"));
          done();
        });
      },
    );
    req.on("socket", () => {
      takenAt = performance.now();
      lags.push(takenAt - scheduledAt);
    });
    req.on("timeout", () => {
      if (finished) return;
      timeouts += 1;
      req.destroy(new Error("timeout"));
    });
    req.on("error", () => {
      if (finished) return;
      errors += 1;
      done();
    });
    req.end(request.body);
    return true;
  };

  let sendingOver = false;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    let i = 0;
    const tick = () => {
      const now = performance.now() - started;
      // Send everything due; a late timer sends the overdue ones at once, their lag counted.
      while (i < schedule.length && schedule[i] <= now) {
        if (!send(started + schedule[i])) {
          stoppedAt = now;
          return resolve();
        }
        i += 1;
      }
      if (i >= schedule.length) return resolve();
      setTimeout(tick, Math.max(0, schedule[i] - (performance.now() - started)));
    };
    tick();
  });
  sendingOver = true;
  if (outstanding > 0) await allAnswered;
  agent.destroy();
  return {
    latencies,
    answeredAtMs,
    lagMs: summarizeLatencies(lags),
    statuses,
    errors,
    timeouts,
    seconds: stoppedAt !== null ? Math.max(1e-9, stoppedAt / 1000) : options.durationSec,
  };
}
