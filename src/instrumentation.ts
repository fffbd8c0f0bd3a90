// Next.js start-up hook: refuses secrets a fleet would not share, hands the drain
// period to the server (serve.mjs), warns when rate limits are per instance, starts
// tracing and the METRICS_PORT listener when configured, and runs
// the background worker inside the app process unless RUN_WORKER_IN_APP=0 (then
// run `npm run worker` separately). Node-only modules are imported inside the
// nodejs branch so the edge bundle never sees them.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Next logs an error thrown here and serves anyway: the outcome is recorded for serve.mjs, which stops on a failure.
  const { recordStartUp } = await import("@/server/lifecycle.mjs");
  try {
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
    // Dev reloads may call register again in the same process; one loop is enough.
    const processWide = globalThis as unknown as { __sandiWorker?: unknown };
    if (env.RUN_WORKER_IN_APP && !processWide.__sandiWorker) {
      const { startWorker } = await import("@/server/worker/background-worker");
      processWide.__sandiWorker = startWorker();
    }
    recordStartUp({ ok: true });
  } catch (error) {
    recordStartUp({ ok: false, error });
    throw error;
  }
}
