// `npm run worker`: the background worker as its own process, for deployments
// that run the web tier with RUN_WORKER_IN_APP=0. Any number may run at once.
import { EnvError, getEnv, requireSharedSecrets } from "@/env";
import { startTracing } from "@/server/tracing/tracing";
import { log, messageOf } from "@/server/log";

async function main(): Promise<void> {
  try {
    getEnv();
    // It creates fallback codes and reads stored hashes: the same secrets as every app instance, or none of it works.
    requireSharedSecrets();
  } catch (err) {
    console.error(err instanceof EnvError ? err.message : String(err));
    process.exit(1);
  }
  // Tracing first: the pg instrumentation patches pg as it loads, so the rest is imported after it.
  await startTracing();
  const [{ runShutdownHooks }, { resolveDatabase }, { prepareSchema }, { startConfiguredMetricsServer }, { startWorker }] = await Promise.all([
    import("@/server/lifecycle.mjs"),
    import("@/server/db/database-url"),
    import("@/server/db/schema-check"),
    import("@/server/metrics-scrape/exposition"),
    import("@/server/worker/background-worker"),
  ]);
  // Same database as the app (DATABASE_URL or the embedded server of DATA_DIR), at least at the schema this code needs.
  const database = await resolveDatabase();
  await prepareSchema(database.url, { mayMigrate: true });

  const worker = startWorker();
  // The worker has no web server: its metrics are served on METRICS_PORT only.
  await startConfiguredMetricsServer();
  log.info({ embedded: !getEnv().DATABASE_URL }, "worker started");

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    // In-flight sends finish and are recorded (so nothing stays leased to a process that
    // is gone); a second signal is ignored rather than cutting them off. Then the
    // PostgreSQL pool and Redis connections close.
    await worker.stop();
    await runShutdownHooks();
    await database.stop();
    log.info("worker stopped");
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((err) => {
  log.error({ error: messageOf(err) }, "worker failed to start");
  process.exit(1);
});
