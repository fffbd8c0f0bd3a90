// What a server process does before it serves: refuses secrets a fleet would not share,
// hands the drain period to the server (src/server/front/serve.mjs), warns when rate
// limits are per instance, starts tracing and the METRICS_PORT listener when configured,
// and runs the background worker inside the process unless RUN_WORKER_IN_APP=0 (then
// run `npm run worker` separately). Next.js runs it as its start-up hook
// (src/instrumentation.ts); a SERVER_ROLE=api process, which never loads Next, runs it
// from the build's start-up bundle. Everything is imported here, lazily, so that tracing
// starts before the pg and ioredis modules load.
export async function startUp(): Promise<void> {
  const { getEnv, requireSharedSecrets } = await import("@/env");
  const env = getEnv();
  // A fleet's instances must share their secrets; one that would generate its own does not start.
  requireSharedSecrets();
  const [{ setDrainMs }, { warnIfLimitsUnshared }] = await Promise.all([import("@/server/lifecycle.mjs"), import("@/server/services/health/shared-limits")]);
  setDrainMs(env.SHUTDOWN_DRAIN_MS);
  warnIfLimitsUnshared();
  // Before anything that queries: the pg and ioredis instrumentations patch those modules as they load.
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const { startTracing } = await import("@/server/tracing/tracing");
    await startTracing();
  }
  if (env.METRICS_PORT) {
    const { startConfiguredMetricsServer } = await import("@/server/metrics-scrape/exposition");
    await startConfiguredMetricsServer();
  }
  // Dev reloads may run the start-up again in the same process; one loop is enough.
  const processWide = globalThis as unknown as { __sandiWorker?: unknown };
  if (env.RUN_WORKER_IN_APP && !processWide.__sandiWorker) {
    const { startWorker } = await import("@/server/worker/background-worker");
    processWide.__sandiWorker = startWorker();
  }
}
