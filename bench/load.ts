// The load generator, run as its own process so that driving the load does not
// share an event loop with whoever starts and measures the server. Reads a plan
// (JSON file), runs its phases one after another with autocannon, and writes the
// measurements (JSON file). Usage: tsx bench/load.ts <plan.json> <result.json>
import { readFileSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import type { LoadPlan, Part, PartResult, PhaseResult } from "./lib/plan";
import { summarizeLatencies } from "./lib/percentiles";

type Request = { method: string; path: string; headers: Record<string, string>; body?: string };

function randomPhone(): string {
  // Jakarta-style mobile numbers; never ending in 0000 (the sandbox's failing numbers).
  for (;;) {
    const n = `628${String(Math.floor(Math.random() * 1e10)).padStart(10, "0")}`;
    if (!n.endsWith("0000")) return n;
  }
}

// Shared by every verify part and phase, so each one continues with fresh OTPs.
let verifyCursor = 0;

/** Builds the next request of a part; each call may return a different one (setupRequest). */
function requestFactory(plan: LoadPlan, part: Part): () => Request {
  const keys = plan.keys;
  const auth = (i: number) => ({ authorization: `Bearer ${keys[i % keys.length]}`, "content-type": "application/json" });
  let n = 0;
  switch (part.endpoint) {
    case "request":
      return () => {
        n += 1;
        const body = { channel: "sms", destination: randomPhone(), ttl: 900, external_id: `bench-${process.pid}-${part.name}-${n}-${Math.random().toString(36).slice(2, 8)}` };
        return { method: "POST", path: "/v3/request", headers: auth(n), body: JSON.stringify(body) };
      };
    case "verify": {
      // First pass: even OTPs get a wrong code (a typo), odd ones the right code;
      // later passes only retry wrong codes on even OTPs (at most 5 mismatches
      // per OTP are answered 200), so every planned request is a valid verify.
      const items = plan.verifyItems;
      const schedule: number[] = [];
      for (let i = 0; i < items.length; i++) schedule.push(i);
      for (let pass = 0; pass < 4; pass++) for (let i = 0; i < items.length; i += 2) schedule.push(i);
      return () => {
        const index = schedule[verifyCursor % schedule.length];
        const firstPass = verifyCursor < items.length;
        verifyCursor += 1;
        const item = items[index];
        const right = firstPass && index % 2 === 1;
        const otp = right ? item.code : wrongCode(item.code);
        return { method: "POST", path: "/v3/verify", headers: auth(item.key), body: JSON.stringify({ otp_id: item.otpId, otp }) };
      };
    }
    case "floor":
      return () => ({ method: "GET", path: "/v3/bench-floor", headers: {} });
    case "otp":
      return () => {
        const item = plan.otpItems[Math.floor(Math.random() * plan.otpItems.length)];
        n += 1;
        return { method: "GET", path: `/v3/otp/${item.otpId}`, headers: auth(item.key) };
      };
  }
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function wrongCode(code: string): string {
  return code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
}

function runPart(plan: LoadPlan, part: Part): Promise<PartResult> {
  const next = requestFactory(plan, part);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: plan.baseUrl,
        connections: part.connections,
        duration: part.durationSec,
        ...(part.rate ? { overallRate: part.rate } : {}),
        timeout: 10,
        requests: [{ setupRequest: () => next() as never }],
      },
      (err, result) => {
        if (err) return reject(err);
        const seconds = Math.max(1e-9, (result.duration ?? part.durationSec));
        resolve({
          name: part.name,
          endpoint: part.endpoint,
          connections: part.connections,
          targetRate: part.rate ?? null,
          durationSec: seconds,
          requests: result.requests.total,
          requestsPerSec: Math.round((latencies.length / seconds) * 10) / 10,
          latencyMs: summarizeLatencies(latencies),
          statuses,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
        });
      },
    );
    instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

async function main(): Promise<void> {
  const [planFile, resultFile] = process.argv.slice(2);
  const plan = JSON.parse(readFileSync(planFile, "utf8")) as LoadPlan;
  const results: PhaseResult[] = [];
  for (const phase of plan.phases) {
    const started = Date.now();
    const cpuBefore = plan.serverPid ? cpuMs(plan.serverPid) : 0;
    const parts = await Promise.all(phase.parts.map((part) => runPart(plan, part)));
    const answered = parts.reduce((s, p) => s + p.latencyMs.count, 0);
    const serverCpuMsPerRequest = plan.serverPid && answered ? Math.round(((cpuMs(plan.serverPid) - cpuBefore) / answered) * 100) / 100 : null;
    results.push({ name: phase.name, startedAt: new Date(started).toISOString(), serverCpuMsPerRequest, parts });
    console.log(JSON.stringify({ msg: "phase done", phase: phase.name, serverCpuMsPerRequest, parts: parts.map((p) => ({ name: p.name, rps: p.requestsPerSec, p99: p.latencyMs.p99, non2xx: p.non2xx, errors: p.errors })) }));
  }
  writeFileSync(resultFile, JSON.stringify(results, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
