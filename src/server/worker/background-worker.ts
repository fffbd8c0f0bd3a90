// The background loop: due webhook deliveries every second. Runs inside the app
// process by default (src/instrumentation.ts) or alone with `npm run worker`;
// any number of copies may run, since deliveries are claimed with SKIP LOCKED
// and a lease.
import { runOnce } from "./run-once";
import { periodicJobs } from "./periodic-jobs";

export type Worker = { stop: () => Promise<void> };

export function startWorker(options: { intervalMs?: number } = {}): Worker {
  const interval = options.intervalMs ?? 1000;
  const jobs = periodicJobs();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const tick = async () => {
    try {
      // Drain a backlog at once; then wait for the next tick.
      while (!stopped && (await runOnce()) > 0);
      if (!stopped) await jobs.runDue(new Date());
    } catch (err) {
      console.error(JSON.stringify({ msg: "worker tick failed", error: String((err as Error)?.message ?? err) }));
    }
  };
  // A tick never overlaps the previous one: the next is scheduled when this one ends.
  const loop = async () => {
    await tick();
    if (!stopped) {
      timer = setTimeout(() => void (running = loop()), interval);
      timer.unref?.();
    }
  };
  let running: Promise<void> = loop();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      // Let in-flight sends finish and be recorded; anything not recorded is retried after its lease.
      await running;
    },
  };
}
