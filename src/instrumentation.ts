// Next.js start-up hook: starts tracing and the METRICS_PORT listener when configured, and runs
// the background worker inside the app process unless RUN_WORKER_IN_APP=0 (then
// run `npm run worker` separately). Node-only modules are imported inside the
// nodejs branch so the edge bundle never sees them.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getEnv } = await import("@/env");
  const env = getEnv();
  // Before anything that queries: the pg and ioredis instrumentations patch those modules as they load.
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const { startTracing } = await import("@/server/tracing/tracing");
    await startTracing();
  }
  if (env.METRICS_PORT) {
    const { startConfiguredMetricsServer } = await import("@/server/metrics/exposition");
    await startConfiguredMetricsServer();
  }
  if (!env.RUN_WORKER_IN_APP) return;
  // Dev reloads may call register again in the same process; one loop is enough.
  const holder = globalThis as unknown as { __sandiWorker?: unknown };
  if (holder.__sandiWorker) return;
  const { startWorker } = await import("@/server/worker/background-worker");
  holder.__sandiWorker = startWorker();
}
