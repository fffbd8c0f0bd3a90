// The bench's fixed-rate load (bench/lib/paced-load.ts): an open-loop Poisson schedule,
// not autocannon's per-second quota, which sent a second's share at once and then idled.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { poissonSchedule, runPaced } from "../../bench/lib/paced-load";
import { seededRandom } from "../../src/server/lib/random";

describe("poissonSchedule", () => {
  it("spaces departures by exponential gaps of mean 1/rate over the whole duration", () => {
    const times = poissonSchedule(500, 20, seededRandom(42));
    const gaps = times.map((t, i) => t - (i ? times[i - 1] : 0));
    const mean = gaps.reduce((s, g) => s + g, 0) / gaps.length;
    expect(times.length).toBeGreaterThan(9_500);
    expect(times.length).toBeLessThan(10_500);
    expect(mean).toBeGreaterThan(1.9);
    expect(mean).toBeLessThan(2.1);
    // Exponential: about e^-1 of the gaps exceed the mean; a fixed or bursty spacing would not.
    const longer = gaps.filter((g) => g > 2).length / gaps.length;
    expect(longer).toBeGreaterThan(0.33);
    expect(longer).toBeLessThan(0.41);
    // Every tenth of the run holds about a tenth of the departures.
    for (let k = 0; k < 10; k++) {
      const inSlice = times.filter((t) => t >= k * 2000 && t < (k + 1) * 2000).length;
      expect(inSlice / times.length).toBeGreaterThan(0.08);
      expect(inSlice / times.length).toBeLessThan(0.12);
    }
    expect(Math.max(...times)).toBeLessThan(20_000);
  });

  it("gives the same schedule for the same seed, so both builds of a comparison see one pattern", () => {
    expect(poissonSchedule(100, 2, seededRandom(7))).toEqual(poissonSchedule(100, 2, seededRandom(7)));
    expect(poissonSchedule(100, 2, seededRandom(7))).not.toEqual(poissonSchedule(100, 2, seededRandom(8)));
  });
});

describe("runPaced against a real server", () => {
  const arrivals: number[] = [];
  let server: http.Server;
  let baseUrl = "";

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      arrivals.push(performance.now());
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        res.writeHead(req.url === "/missing" ? 404 : 200, { "content-type": "application/json" });
        res.end(JSON.stringify({ path: req.url, body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends the schedule's requests spread over the run, not a second's share at once", async () => {
    arrivals.length = 0;
    const expected = poissonSchedule(200, 1.5, seededRandom(3)).length;
    const started = performance.now();
    const result = await runPaced({ baseUrl, connections: 8, durationSec: 1.5, rate: 200, seed: 3, timeoutSec: 5, next: () => ({ request: { method: "GET", path: "/ok", headers: {} } }) });
    expect(result.latencies).toHaveLength(expected);
    expect(result.statuses).toEqual({ 200: expected });
    expect(result.errors).toBe(0);
    expect(result.seconds).toBe(1.5);
    expect(result.lagMs.count).toBe(expected);
    // A per-second quota would have sent the first second's 200 at once; here each half of
    // that second receives its share (about a third of the run's requests each).
    const within = (from: number, to: number) => arrivals.filter((t) => t - started >= from && t - started < to).length / expected;
    expect(within(0, 500)).toBeGreaterThan(0.15);
    expect(within(500, 1000)).toBeGreaterThan(0.15);
    expect(within(1000, 2000)).toBeGreaterThan(0.15);
    // Each answer is placed in time (bench/stalls.ts groups them into windows): after its own latency, and spread over the run too.
    expect(result.answeredAtMs).toHaveLength(expected);
    result.answeredAtMs.forEach((at, i) => expect(at).toBeGreaterThanOrEqual(result.latencies[i]));
    expect(result.answeredAtMs.filter((at) => at < 500).length / expected).toBeGreaterThan(0.15);
    expect(result.answeredAtMs.filter((at) => at >= 1000).length / expected).toBeGreaterThan(0.15);
  });

  it("hands each answer to its request's callback and stops when the source runs dry", async () => {
    const answers: string[] = [];
    let left = 5;
    const result = await runPaced({
      baseUrl,
      connections: 2,
      durationSec: 5,
      rate: 100,
      seed: 1,
      timeoutSec: 5,
      next: () => {
        if (left === 0) return null;
        left -= 1;
        const n = left;
        return {
          request: { method: "POST", path: n % 2 ? "/missing" : "/ok", headers: { "content-type": "application/json" }, body: JSON.stringify({ n }) },
          onAnswer: (status, body) => answers.push(`${status} ${(JSON.parse(body) as { body: string }).body}`),
        };
      },
    });
    expect(answers.sort()).toEqual(['200 {"n":0}', '200 {"n":2}', '200 {"n":4}', '404 {"n":1}', '404 {"n":3}']);
    expect(result.statuses).toEqual({ 200: 3, 404: 2 });
    expect(result.seconds).toBeLessThan(5);
  });
});
