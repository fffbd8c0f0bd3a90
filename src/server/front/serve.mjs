// The production HTTP server `npm start` runs: Next.js behind a thin node:http
// front (serve-front.mjs) so that every request, even one Next cannot represent,
// is answered with the JSON envelope rather than a plain-text 500 or a dropped
// connection. With SERVER_ROLE=api it never loads Next: the front serves /v3 and
// its exact paths (health checks, metrics) and answers the envelope's 404 to the
// rest, and the start-up runs from the build's bundles instead of Next's hook.
// Plain JavaScript on purpose: the server process loads no TypeScript loader.
import { createServer } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import { setTimeout as sleep } from "node:timers/promises";
import { INTERNAL_ERROR_MESSAGE } from "../envelope.mjs";
import { LOG_FORMAT } from "../log-format.mjs";
import { drainMs, isDraining, runShutdownHooks, startDraining, startUpSettled } from "../lifecycle.mjs";
import { apiUrl, clientErrorAnswer, envelopeAnswer, frontAnswer, installFront, isApiPath, prepareRequest, rawResponse } from "./serve-front.mjs";
import { loadAppRoutes, pageMethodAnswer } from "./page-methods.mjs";
import { createV3Dispatcher } from "./v3-dispatch.mjs";
import { loadV3Routes, START_UP_BUNDLE_FILE, TRACING_BUNDLE_FILE } from "./v3-routes.mjs";

/** `--port N` (default 3000) and `--hostname H` (default: every interface), like `next start`. */
function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const log = pino(LOG_FORMAT);
/** How long the start-up hook may take (it runs once Next is prepared) before the server gives up. */
const START_UP_HOOK_MS = 60_000;
/** SHUTDOWN_DRAIN_MS's default, should the start-up hook that hands over the validated value not have run. */
const DEFAULT_DRAIN_MS = 10_000;
/** Once the server stops accepting, requests still in flight get this long to finish before the process exits anyway. */
const FINISH_MS = 20_000;

/** SERVER_ROLE=api: /v3 without Next (docs/deployment.md); any other value is validated by the start-up. */
const apiOnly = process.env.SERVER_ROLE === "api";

/** Next, prepared; its start-up hook (src/instrumentation.ts) runs meanwhile. */
async function startNext(port, hostname) {
  const { default: next } = await import("next");
  // Next attaches an 'upgrade' listener to the server of the first request it handles (for
  // dev's HMR socket and proxied rewrites, neither used here). With one attached, Node hands
  // every request carrying `Upgrade` (websocket, h2c) to it, and Next closes the connection
  // unanswered. Given a server of its own that never listens, it attaches there: such a
  // request is answered like any other, its upgrade ignored.
  const app = next({ dev: false, dir: process.cwd(), port, hostname, httpServer: createServer() });
  const handle = app.getRequestHandler();
  await app.prepare();
  return { handle, close: () => app.close() };
}

/**
 * The start-up Next would run as its hook, from the build's bundles. Tracing starts
 * first, from a bundle of its own, and pg and ioredis are then required (the start-up
 * bundle imports them), so that its instrumentations patch them as they load.
 * @returns {Promise<{ ok: true } | { ok: false, error: unknown }>}
 */
async function startUpWithoutNext(distDir) {
  const bundle = (file) => import(pathToFileURL(path.join(distDir, file)).href);
  try {
    if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
      await (await bundle(TRACING_BUNDLE_FILE)).startTracing();
      const require = createRequire(import.meta.url);
      require("pg");
      require("ioredis");
    }
    await (await bundle(START_UP_BUNDLE_FILE)).startUp();
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}

async function main() {
  const port = Number(option("port", "3000"));
  const hostname = option("hostname", undefined);
  const distDir = path.join(process.cwd(), process.env.NEXT_DIST_DIR || ".next");
  const pages = apiOnly ? null : await startNext(port, hostname);
  // The start-up (src/server/start-up/start-up.ts) validates the configuration; Next runs it as its hook and only logs its failure.
  const startUp = await Promise.race([pages ? startUpSettled() : startUpWithoutNext(distDir), sleep(START_UP_HOOK_MS).then(() => undefined)]);
  if (!startUp?.ok) {
    const error = startUp?.error;
    // A configuration error (src/env.ts) is its message, naming the variable; anything else its stack.
    const detail = String(error?.message ?? "").includes("Invalid configuration:") ? error.message : (error?.stack ?? `the start-up (src/server/start-up/start-up.ts) did not finish within ${START_UP_HOOK_MS / 1000} s`);
    console.error(`Server start-up failed: ${detail}`);
    process.exit(1);
  }
  const v3Routes = await loadV3Routes(distDir);
  const dispatchV3 = createV3Dispatcher(v3Routes, `http://${hostname ?? "localhost"}:${port}`);
  const appRoutes = pages ? loadAppRoutes(distDir, process.cwd()) : null;
  // Health checks and the metrics scrape never enter Next (FRONT_ROUTE_PATHS in v3-routes.mjs says why); other methods there still reach Next's handler.
  const isFrontPath = (pathname) => v3Routes.exact.has(pathname);
  // Whatever the front does not answer: Next's, or in a process without it the envelope's
  // 405 (the front's exact paths take only GET and HEAD, as their handlers say under Next) or 404.
  const withoutNext = (req, res) => {
    if (!isFrontPath(req.url.split("?")[0])) {
      const missing = envelopeAnswer(404, "NOT_FOUND", "Not found.");
      return void res.writeHead(missing.status, missing.headers).end(missing.body);
    }
    const refused = envelopeAnswer(405, "METHOD_NOT_ALLOWED", `Metode ${req.method} tidak didukung untuk endpoint ini; gunakan GET.`);
    res.writeHead(refused.status, { ...refused.headers, allow: "GET, HEAD" }).end(refused.body);
  };
  const handle = pages ? pages.handle : withoutNext;

  // Responses being written, so shutdown can end their keep-alive connections as soon as each is answered.
  const answering = new Set();
  let closing = false;
  const server = createServer((req, res) => {
    answering.add(res);
    res.once("close", () => {
      answering.delete(res);
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
    // Clients holding a keep-alive connection reconnect (through the load balancer, to another instance) instead of reusing one about to close.
    if (isDraining()) res.setHeader("connection", "close");
    prepareRequest(req);
    const answer = frontAnswer(req.method ?? "", req.url, req.headers);
    if (answer) return void res.writeHead(answer.status, answer.headers).end(answer.body);
    req.url = apiUrl(req.url);
    const pathname = req.url.split("?")[0];
    if (!isApiPath(pathname) && !isFrontPath(pathname)) {
      const refused = appRoutes && pageMethodAnswer(req.method ?? "", pathname, appRoutes);
      return void (refused ? res.writeHead(refused.status, refused.headers).end(refused.body) : handle(req, res));
    }
    dispatchV3(req, res, pathname)
      .then((handled) => (handled ? undefined : handle(req, res)))
      .catch((err) => {
        log.error({ error: String(err?.stack ?? err), path: pathname }, "unhandled error in /v3 dispatch");
        const failed = envelopeAnswer(500, "INTERNAL_ERROR", INTERNAL_ERROR_MESSAGE);
        if (!res.headersSent) res.writeHead(failed.status, failed.headers);
        res.end(res.headersSent ? undefined : failed.body);
      });
  });
  installFront(server);
  // CONNECT never reaches the request listener.
  server.on("connect", (req, socket) => socket.end(rawResponse(frontAnswer("CONNECT", req.url))));
  // Unknown methods, malformed request lines and oversized headers fail in Node's parser.
  server.on("clientError", (err, socket) => {
    if (!socket.writable || err.code === "ECONNRESET") return void socket.destroy();
    socket.end(rawResponse(clientErrorAnswer(err)));
  });
  server.listen(port, hostname, () => log.info({ port, hostname: hostname ?? "*", role: apiOnly ? "api" : "all" }, "listening"));

  // Graceful shutdown (docs/configuration.md): SIGTERM, as an orchestrator sends it for a
  // rolling restart, first turns /readyz to 503 and keeps serving for SHUTDOWN_DRAIN_MS,
  // long enough for the load balancer's health check to take this instance out; then
  // the server stops accepting, requests in flight finish, the in-app worker finishes
  // what it leased, the API request log is flushed and the pools close. SIGINT (Ctrl-C
  // at a terminal: no load balancer to wait for) skips the drain period. A repeated
  // signal changes nothing (`npm start` forwards the one a terminal also sends here).
  let stopping;
  const stop = (signal) => (stopping ??= drainAndExit(signal));
  async function drainAndExit(signal) {
    const wait = signal === "SIGTERM" ? (drainMs() ?? DEFAULT_DRAIN_MS) : 0;
    startDraining();
    for (const res of answering) if (!res.headersSent) res.setHeader("connection", "close");
    log.info({ signal, drain_ms: wait }, "draining: /readyz answers 503, requests are still served");
    // The in-app worker (src/instrumentation.ts) stops claiming now and finishes its deliveries while the drain runs.
    const workerStopped = globalThis.__sandiWorker?.stop?.().catch(() => undefined);
    await sleep(wait);
    setTimeout(() => {
      log.error({ finish_ms: FINISH_MS }, "requests still in flight after the shutdown bound; exiting anyway");
      process.exit(1);
    }, FINISH_MS).unref();
    closing = true;
    const closed = new Promise((resolve) => server.close(resolve));
    // Idle keep-alive connections would otherwise hold close() open (and those of requests in flight once answered, above).
    server.closeIdleConnections();
    await closed;
    await workerStopped;
    // The API request log's buffered entries reach the database, then the PostgreSQL pool and Redis connections close.
    await runShutdownHooks();
    await pages?.close().catch(() => undefined);
    log.info("stopped");
    process.exit(0);
  }
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((err) => {
  console.error(`Server start-up failed: ${err?.stack ?? err}`);
  process.exit(1);
});
