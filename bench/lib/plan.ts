// The contract between the runner (bench/run.ts, bench/soak.ts) and the load
// generator process (bench/load.ts).
import type { LatencySummary } from "./percentiles";
import type { WalFlushes } from "./wal-flushes";

/** "floor" is an unauthenticated 404 envelope: Next.js and the wrapper with no database work. */
export type Endpoint = "request" | "verify" | "otp" | "floor";

export type Part = {
  name: string;
  endpoint: Endpoint;
  connections: number;
  durationSec: number;
  /**
   * Overall requests per second, sent open loop on a Poisson schedule (bench/lib/paced-load.ts);
   * absent means as fast as the server answers (saturation, autocannon).
   */
  rate?: number;
  /** Saturation parts only: send exactly this many requests and wait for every answer (durationSec is then ignored). */
  amount?: number;
};

/** Parts of one phase run at the same time (a mix); phases run one after another. */
export type Phase = { name: string; parts: Part[] };

export type LoadPlan = {
  baseUrl: string;
  keys: string[];
  /**
   * OTPs with the code the sandbox delivered; key is an index into keys. The verify
   * parts hand each one out once over the whole plan, so every part starts on OTPs
   * no earlier part has touched.
   */
  verifyItems: { otpId: string; code: string; key: number }[];
  otpItems: { otpId: string; key: number }[];
  phases: Phase[];
  /** The app server's process id, to measure its CPU time per request. */
  serverPid?: number;
  /** A server running under callgrind (bench/lib/callgrind.ts): count its instructions per request over each phase. */
  instructionsOfPid?: number;
};

export type PartResult = {
  name: string;
  endpoint: Endpoint;
  connections: number;
  targetRate: number | null;
  durationSec: number;
  requests: number;
  requestsPerSec: number;
  latencyMs: LatencySummary;
  /**
   * Fixed-rate parts (open loop, Poisson departures): from each request's scheduled departure to
   * the moment a connection took it, i.e. the load generator's own queueing (absent in older results
   * and at saturation).
   */
  lagMs?: LatencySummary;
  statuses: Record<string, number>;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Verify parts only: what was sent and what came back. */
  verify?: VerifyTally;
};

/**
 * A verify part's codes as sent and as answered. Answers are read from the response
 * bodies, keyed "<sent>→<answer>": right→verified, wrong→mismatch, or the envelope's
 * error code (e.g. right→ALREADY_USED) when an answer is not what the code should get.
 */
export type VerifyTally = {
  sent: { right: number; wrong: number };
  answers: Record<string, number>;
  /** Seconds into the part when its fresh OTPs ran out and it was stopped; null when they lasted. */
  poolRanOutAfterSec: number | null;
};

export type PhaseResult = {
  name: string;
  startedAt: string;
  serverCpuMsPerRequest: number | null;
  /** With the plan's instructionsOfPid: the server's user-space instructions over the phase, per answered request. */
  serverInstructionsPerRequest?: number | null;
  /** Of those, the ones V8's compilers took (bench/lib/callgrind.ts). */
  serverCompilerInstructionsPerRequest?: number | null;
  /** The whole PostgreSQL cluster's CPU over the phase, per answered request (absent in results from before it was measured). */
  postgresCpuMsPerRequest?: number | null;
  /** Every core's busy time over the phase (app, PostgreSQL, Redis, load generator, the rest), per answered request. */
  machineCpuMsPerRequest?: number | null;
  /** The cluster's WAL flushes during the phase (absent in results from before they were counted). */
  walFlushes?: WalFlushes | null;
  parts: PartResult[];
};
