// The load generator, run as its own process so that driving the load does not
// share an event loop with whoever starts and measures the server. Reads a plan
// (JSON file), runs its phases one after another with autocannon, and writes the
// measurements (JSON file). Usage: tsx bench/load.ts <plan.json> <result.json>
import { readFileSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import { runPaced, type PacedSource } from "./lib/paced-load";
import type { LoadPlan, Part, PartResult, PhaseResult, VerifyTally } from "./lib/plan";
import { summarizeLatencies } from "./lib/percentiles";
import { countInstructions } from "./lib/callgrind";
import { cpuDuring, msPer, treeCpuMs } from "./lib/proc";
import { creationBody, wrongCode } from "./lib/requests";
import { walFlushesDuring } from "./lib/wal-flushes";

type Request = { method: string; path: string; headers: Record<string, string>; body?: string };
type Spec = { setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => unknown; onResponse?: (status: number, body: string, context: Record<string, unknown>) => void };
type VerifyItem = LoadPlan["verifyItems"][number];

const FLOOR: Request = { method: "GET", path: "/v3/bench-floor", headers: {} };

function authHeaders(plan: LoadPlan, i: number): Record<string, string> {
  return { authorization: `Bearer ${plan.keys[i % plan.keys.length]}`, "content-type": "application/json" };
}

/** A request, otp or floor part's next request. */
function simpleBuilder(plan: LoadPlan, part: Part): () => Request {
  let n = 0;
  return (): Request => {
    n += 1;
    switch (part.endpoint) {
      case "request": {
        return { method: "POST", path: "/v3/request", headers: authHeaders(plan, n), body: creationBody(`${part.name}-${n}`) };
      }
      case "otp": {
        const item = plan.otpItems[Math.floor(Math.random() * plan.otpItems.length)];
        return { method: "GET", path: `/v3/otp/${item.otpId}`, headers: authHeaders(plan, item.key) };
      }
      default:
        return FLOOR;
    }
  };
}

/** The request list of a request, otp or floor part: one request, rebuilt for every call (setupRequest). */
function simpleRequests(plan: LoadPlan, part: Part): Spec[] {
  const build = simpleBuilder(plan, part);
  return [{ setupRequest: (req) => ({ ...req, ...build() }) }];
}

// Index of the next verify OTP no part has used yet: each OTP goes to one connection
// of one part, so every phase starts on OTPs that are unverified with no attempts.
let nextFreshOtp = 0;

/**
 * A verify part's request list, for each connection: a wrong code for a fresh OTP (a
 * typo, attempts 0 → 1), then, once that is answered, the right code for the same
 * OTP. Right and wrong codes alternate request by request; a right code always meets
 * an unverified OTP with attempts left, a wrong one never a verified or locked OTP.
 * Autocannon keeps a context per connection and resets it when the list starts over.
 * When no fresh OTP is left, the part is stopped and its last requests go to the floor
 * endpoint ("spare"), which are counted nowhere.
 */
function verifyRequests(plan: LoadPlan, tally: VerifyTally, poolEmpty: () => void, onSpareAnswer: () => void): Spec[] {
  const verify = (item: VerifyItem, otp: string) => verifyRequest(plan, item, otp);
  const onResponse = (status: number, body: string, context: Record<string, unknown>) => {
    if (context.kind === "spare") return onSpareAnswer();
    countAnswer(tally, String(context.kind), status, body);
  };
  return [
    {
      setupRequest: (req, context) => {
        const item = plan.verifyItems[nextFreshOtp];
        if (!item) {
          poolEmpty();
          context.kind = "spare";
          return { ...req, ...FLOOR };
        }
        nextFreshOtp += 1;
        Object.assign(context, { kind: "wrong", item });
        tally.sent.wrong += 1;
        return { ...req, ...verify(item, wrongCode(item.code)) };
      },
      onResponse,
    },
    {
      setupRequest: (req, context) => {
        if (context.kind === "spare") return { ...req, ...FLOOR };
        const item = context.item as VerifyItem;
        context.kind = "right";
        tally.sent.right += 1;
        return { ...req, ...verify(item, item.code) };
      },
      onResponse,
    },
  ];
}

function verifyRequest(plan: LoadPlan, item: VerifyItem, otp: string): Request {
  return { method: "POST", path: "/v3/verify", headers: authHeaders(plan, item.key), body: JSON.stringify({ otp_id: item.otpId, otp }) };
}

function countAnswer(tally: VerifyTally, kind: string, status: number, body: string): void {
  const key = `${kind}→${answerOf(status, body)}`;
  tally.answers[key] = (tally.answers[key] ?? 0) + 1;
}

/**
 * A fixed-rate verify part's next request, open loop: the same pairs as at saturation (a
 * wrong code for a fresh OTP, then, once that is answered, the right code for it), with
 * right codes sent whenever such an OTP waits, so the two alternate, but no pair tied
 * to a connection. Null once no fresh OTP and no answered typo is left.
 */
function pacedVerifySource(plan: LoadPlan, tally: VerifyTally, poolEmpty: () => void): PacedSource {
  const typoAnswered: VerifyItem[] = [];
  return () => {
    const waiting = typoAnswered.shift();
    if (waiting) {
      tally.sent.right += 1;
      return { request: verifyRequest(plan, waiting, waiting.code), onAnswer: (status, body) => countAnswer(tally, "right", status, body) };
    }
    const item = plan.verifyItems[nextFreshOtp];
    if (!item) {
      poolEmpty();
      return null;
    }
    nextFreshOtp += 1;
    tally.sent.wrong += 1;
    return {
      request: verifyRequest(plan, item, wrongCode(item.code)),
      onAnswer: (status, body) => {
        countAnswer(tally, "wrong", status, body);
        typoAnswered.push(item);
      },
    };
  };
}

/** What a verify answer said: verified / mismatch for a 200, else the envelope's error code. */
function answerOf(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { data?: { verified?: boolean; reason?: string } | null; error?: { code?: string } | null };
    if (status === 200 && parsed.data) return parsed.data.verified ? "verified" : parsed.data.reason || "not verified";
    if (parsed.error?.code) return parsed.error.code;
  } catch {
    // not JSON: fall through to the status
  }
  return `HTTP ${status}`;
}

function runPart(plan: LoadPlan, part: Part): Promise<PartResult> {
  const started = Date.now();
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const tally: VerifyTally | undefined = part.endpoint === "verify" ? { sent: { right: 0, wrong: 0 }, answers: {}, poolRanOutAfterSec: null } : undefined;
  let instance: ReturnType<typeof autocannon> | undefined;
  // onResponse runs just before the "response" event of the same answer, on the same call stack.
  let skipNextAnswer = false;
  const poolEmpty = () => {
    if (!tally || tally.poolRanOutAfterSec !== null) return;
    tally.poolRanOutAfterSec = Math.round((Date.now() - started) / 100) / 10;
    console.error(JSON.stringify({ msg: "verify OTPs ran out; stopping the part", part: part.name, afterSec: tally.poolRanOutAfterSec }));
    setImmediate(() => instance?.stop());
  };
  if (part.rate) return runPacedPart(plan, part, tally, poolEmpty);
  const requests = tally ? verifyRequests(plan, tally, poolEmpty, () => (skipNextAnswer = true)) : simpleRequests(plan, part);
  return new Promise((resolve, reject) => {
    instance = autocannon(
      {
        url: plan.baseUrl,
        connections: part.connections,
        ...(part.amount ? { amount: part.amount } : { duration: part.durationSec }),
        timeout: 10,
        requests,
      },
      (err, result) => {
        if (err) return reject(err);
        const seconds = Math.max(1e-9, tally?.poolRanOutAfterSec ?? result.duration ?? part.durationSec);
        resolve(partResult(part, tally, { seconds, latencies, statuses, errors: result.errors, timeouts: result.timeouts }));
      },
    );
    instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (skipNextAnswer) {
        skipNextAnswer = false;
        return;
      }
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

/** A fixed-rate part: Poisson departures at the part's rate over up to `connections` keep-alive connections. */
async function runPacedPart(plan: LoadPlan, part: Part, tally: VerifyTally | undefined, poolEmpty: () => void): Promise<PartResult> {
  const next: PacedSource = tally ? pacedVerifySource(plan, tally, poolEmpty) : simpleSource(simpleBuilder(plan, part));
  // The same seed for a part name in every run and build: both sides of a comparison get one arrival pattern.
  const seed = [...part.name].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
  const paced = await runPaced({ baseUrl: plan.baseUrl, connections: part.connections, durationSec: part.durationSec, rate: part.rate!, seed, timeoutSec: 10, next });
  return { ...partResult(part, tally, paced), lagMs: paced.lagMs };
}

const simpleSource = (build: () => Request): PacedSource => () => ({ request: build() });

function partResult(
  part: Part,
  tally: VerifyTally | undefined,
  measured: { seconds: number; latencies: number[]; statuses: Record<string, number>; errors: number; timeouts: number },
): PartResult {
  return {
    name: part.name,
    endpoint: part.endpoint,
    connections: part.connections,
    targetRate: part.rate ?? null,
    durationSec: measured.seconds,
    requests: measured.latencies.length,
    requestsPerSec: Math.round((measured.latencies.length / measured.seconds) * 10) / 10,
    latencyMs: summarizeLatencies(measured.latencies),
    statuses: measured.statuses,
    non2xx: Object.entries(measured.statuses).reduce((s, [code, n]) => (code.startsWith("2") ? s : s + n), 0),
    errors: measured.errors,
    timeouts: measured.timeouts,
    ...(tally ? { verify: tally } : {}),
  };
}

async function main(): Promise<void> {
  const [planFile, resultFile] = process.argv.slice(2);
  const plan = JSON.parse(readFileSync(planFile, "utf8")) as LoadPlan;
  const results: PhaseResult[] = [];
  for (const phase of plan.phases) {
    const started = Date.now();
    const cpuBefore = plan.serverPid ? treeCpuMs(plan.serverPid) : 0;
    const runParts = () => Promise.all(phase.parts.map((part) => runPart(plan, part)));
    const counted = plan.instructionsOfPid ? await countInstructions(plan.instructionsOfPid, () => walFlushesDuring(() => cpuDuring(runParts))) : null;
    const {
      result: { result: parts, postgresMs, machineMs },
      walFlushes,
    } = counted ? counted.result : await walFlushesDuring(() => cpuDuring(runParts));
    const answered = parts.reduce((s, p) => s + p.latencyMs.count, 0);
    const serverCpuMsPerRequest = plan.serverPid ? msPer(treeCpuMs(plan.serverPid) - cpuBefore, answered) : null;
    const serverInstructionsPerRequest = counted && answered > 0 ? Math.round(counted.instructions / answered) : null;
    const serverCompilerInstructionsPerRequest = counted && answered > 0 ? Math.round(counted.compilerInstructions / answered) : null;
    const postgresCpuMsPerRequest = msPer(postgresMs, answered);
    const machineCpuMsPerRequest = msPer(machineMs, answered);
    results.push({ name: phase.name, startedAt: new Date(started).toISOString(), serverCpuMsPerRequest, serverInstructionsPerRequest, serverCompilerInstructionsPerRequest, postgresCpuMsPerRequest, machineCpuMsPerRequest, walFlushes, parts });
    console.log(JSON.stringify({ msg: "phase done", phase: phase.name, serverCpuMsPerRequest, serverInstructionsPerRequest, serverCompilerInstructionsPerRequest, postgresCpuMsPerRequest, machineCpuMsPerRequest, walFlushes, parts: parts.map((p) => ({ name: p.name, rps: p.requestsPerSec, p99: p.latencyMs.p99, non2xx: p.non2xx, errors: p.errors })) }));
  }
  writeFileSync(resultFile, JSON.stringify(results, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
