// The background loop. Runs inside the app process by default
// (src/instrumentation.ts) or alone with `npm run worker`; any number of copies
// may run, since deliveries are claimed with SKIP LOCKED and a lease.
//
// Deliveries run as a pool, not in batches: a slot freed by one send is refilled
// at once, and no endpoint holds more than PER_ENDPOINT slots, so an endpoint that
// hangs for the whole 10 s timeout delays only its own webhooks. Housekeeping jobs
// run on their own timer, never behind a delivery backlog, each independently of the others.
import { trace } from "@opentelemetry/api";
import { claimDueDeliveries, deliverClaimed, logUnrecorded, type Claimed } from "@/server/services/webhooks/deliver-due";
import type { SendOptions } from "@/server/services/webhooks/send-webhook";
import { periodicJobs } from "./periodic-jobs";
import { log, messageOf } from "@/server/log";

export type Worker = { stop: () => Promise<void> };

export type WorkerOptions = {
  /** How often to look for due deliveries and jobs when nothing else wakes the pool. */
  intervalMs?: number;
  /** Deliveries in flight at once in this process. */
  concurrency?: number;
  /** Deliveries in flight at once per endpoint. */
  perEndpoint?: number;
  send?: Pick<SendOptions, "timeoutMs">;
};

const CONCURRENCY = 20;
/**
 * The worker's tick. The sandbox's receipts run on every tick: once a second, each run
 * confirmed a whole second's sends in one statement (20–50 ms in the database at 400
 * creations/s), and the requests of that moment waited behind it; a quarter of the rows
 * four times a second halved creations' p95 at that load (docs/performance.md).
 */
const TICK_MS = 250;
const tracer = trace.getTracer("sandi-worker");
const PER_ENDPOINT = 4;

export function startWorker(options: WorkerOptions = {}): Worker {
  const interval = options.intervalMs ?? TICK_MS;
  const concurrency = options.concurrency ?? CONCURRENCY;
  const perEndpoint = options.perEndpoint ?? PER_ENDPOINT;
  const jobs = periodicJobs();
  const inFlight = new Set<Promise<void>>();
  const byEndpoint = new Map<number, number>();
  let stopped = false;
  let pumping: Promise<void> | null = null;
  let pumpAgain = false;
  let jobsRunning: Promise<void> | null = null;

  const track = (endpointId: number | null, delta: number) => {
    if (endpointId === null) return;
    const n = (byEndpoint.get(endpointId) ?? 0) + delta;
    if (n > 0) byEndpoint.set(endpointId, n);
    else byEndpoint.delete(endpointId);
  };

  const send = (claimed: Claimed) => {
    track(claimed.endpointId, 1);
    // One trace per delivery when tracing is on (a no-op otherwise); its queries and the send nest under it.
    const running = tracer
      .startActiveSpan("webhook delivery", (span) => deliverClaimed(claimed, options.send).finally(() => span.end()))
      .catch((err) => logUnrecorded(claimed.id, err))
      .finally(() => {
        inFlight.delete(running);
        track(claimed.endpointId, -1);
        pump();
      });
    inFlight.add(running);
  };

  const fill = async () => {
    do {
      pumpAgain = false;
      while (!stopped && inFlight.size < concurrency) {
        const claimed = await claimDueDeliveries({ limit: concurrency - inFlight.size, perEndpoint, inFlight: byEndpoint });
        // Sent even when stop() came meanwhile: they are leased to us, and stop() waits for them.
        for (const c of claimed) send(c);
        if (claimed.length === 0) break;
      }
    } while (pumpAgain && !stopped);
  };

  /** Claims due deliveries into free slots; a call while a claim runs makes that claim look again. */
  function pump(): void {
    if (stopped) return;
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = fill()
      .catch((err) => log.error({ error: messageOf(err) }, "worker claim failed"))
      .finally(() => (pumping = null));
  }

  // runDue starts what is due and skips what still runs; its promise covers every job running, for stop().
  const runJobs = () => {
    if (stopped) return;
    jobsRunning = jobs.runDue(new Date());
  };

  const timer = setInterval(() => {
    pump();
    runJobs();
  }, interval);
  timer.unref?.();
  pump();
  runJobs();

  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      // Let in-flight sends finish and be recorded; anything not recorded is retried after its lease.
      await pumping;
      await Promise.all([...inFlight]);
      await jobsRunning;
    },
  };
}
