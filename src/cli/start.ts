// `npm start`: validates configuration, brings up the database (DATABASE_URL or
// the embedded server in DATA_DIR), migrates the embedded one or checks a configured
// one's schema (src/server/db/schema-check.ts), builds the app when the build is
// missing or made from other sources (a production start refuses instead:
// start-build.ts), then serves it on PORT (serve.mjs). `--dev` runs `next dev` instead.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { EnvError, getEnv, requireSharedSecrets } from "@/env";
import { getChannelAdapter } from "@/server/channels/registry";
import { getPaymentGateway } from "@/server/payments/registry";
import { CHANNELS } from "@/schemas/channels";
import { resolveDatabase } from "@/server/db/database-url";
import { prepareSchema, SchemaError } from "@/server/db/schema-check";
import { log } from "@/server/log";
import { buildWhenNeeded, productionBuildProblem } from "./start-build";

const root = process.cwd();
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
// Next.js behind a small front that answers, with the envelope, the requests Next cannot represent (see serve.mjs).
const serveScript = path.join(root, "src", "server", "front", "serve.mjs");

// A signal during start-up (Ctrl-C while the first build runs) must still stop the
// embedded database this process brought up; once the server runs, it is forwarded
// and this process waits for the server to drain and exit (serve.mjs, "Graceful
// shutdown" in docs/configuration.md) before it leaves the database.
let server: ChildProcess | undefined;
let stopRequested: NodeJS.Signals | undefined;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (server) server.kill(signal);
    else stopRequested = signal;
  });
}

async function main(): Promise<void> {
  const dev = process.argv.includes("--dev");
  const env = getEnv();
  const production = !dev && env.NODE_ENV === "production";
  const problem = production ? productionBuildProblem(root, env.NEXT_DIST_DIR) : undefined;
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  requireSharedSecrets();
  const database = await resolveDatabase();
  const leave = async (code: number): Promise<never> => {
    await database.stop();
    process.exit(code);
  };
  const leaveIfAsked = () => (stopRequested ? leave(0) : undefined);
  try {
    await leaveIfAsked();
    const applied = await prepareSchema(database.url, { mayMigrate: true });
    if (applied.length) log.info({ migrations: applied }, "migrations applied");
  } catch (err) {
    console.error(err instanceof SchemaError ? err.message : `Start-up failed: ${(err as Error).stack ?? err}`);
    return leave(1);
  }
  log.info({ embedded: !env.DATABASE_URL, data_dir: env.DATA_DIR }, "database ready");
  // Which channels reach real people, and whether payments are real: the first thing to check after a deploy.
  const providers = Object.fromEntries(CHANNELS.map((channel) => [channel, getChannelAdapter(channel).provider]));
  log.info({ channels: providers, payment_gateway: getPaymentGateway().name }, "delivery providers");

  // On the embedded default the server attaches to the database of DATA_DIR itself, as
  // otpctl does: it then sees the same configuration as this process (no DATABASE_URL,
  // so it reads the secrets kept in DATA_DIR instead of refusing to run without them).
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: env.DATA_DIR, PORT: String(env.PORT) };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  if (!dev && !production) {
    const status = buildWhenNeeded(root, env.NEXT_DIST_DIR, childEnv);
    // A Ctrl-C reaches the build too; let the signal's handler run (one turn of the event loop) before looking.
    await new Promise((resolve) => setImmediate(resolve));
    await leaveIfAsked();
    if (status !== 0) return leave(status);
  }
  await leaveIfAsked();

  server = dev
    ? spawn(process.execPath, [nextBin, "dev", "-p", String(env.PORT)], { stdio: "inherit", env: childEnv })
    : spawn(process.execPath, [serveScript, "--port", String(env.PORT)], { stdio: "inherit", env: { ...childEnv, NODE_ENV: "production" } });
  server.on("exit", (code, signal) => void leave(code ?? (signal ? 0 : 1)));
}

main().catch((err) => {
  console.error(err instanceof EnvError ? err.message : `Start-up failed: ${(err as Error).stack ?? err}`);
  process.exit(1);
});
