// The production HTTP server `npm start` runs: Next.js behind a thin node:http
// front (serve-front.mjs) so that every request, even one Next cannot represent,
// is answered with the JSON envelope rather than a plain-text 500 or a dropped
// connection. Plain JavaScript on purpose: the server process loads no
// TypeScript loader.
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import pino from "pino";
import { INTERNAL_ERROR_MESSAGE } from "../server/envelope.mjs";
import { LOG_FORMAT } from "../server/log-format.mjs";
import { apiUrl, clientErrorAnswer, envelopeAnswer, frontAnswer, installFront, isApiPath, prepareRequest, rawResponse } from "./serve-front.mjs";
import { createV3Dispatcher } from "./v3-dispatch.mjs";
import { loadV3Routes } from "./v3-routes.mjs";

/** `--port N` (default 3000) and `--hostname H` (default: every interface), like `next start`. */
function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const log = pino(LOG_FORMAT);

async function main() {
  const port = Number(option("port", "3000"));
  const hostname = option("hostname", undefined);
  // Next attaches an 'upgrade' listener to the server of the first request it handles (for
  // dev's HMR socket and proxied rewrites, neither used here). With one attached, Node hands
  // every request carrying `Upgrade` (websocket, h2c) to it, and Next closes the connection
  // unanswered. Given a server of its own that never listens, it attaches there: such a
  // request is answered like any other, its upgrade ignored.
  const app = next({ dev: false, dir: process.cwd(), port, hostname, httpServer: createServer() });
  const handle = app.getRequestHandler();
  await app.prepare();
  const distDir = path.join(process.cwd(), process.env.NEXT_DIST_DIR || ".next");
  const dispatchV3 = createV3Dispatcher(await loadV3Routes(distDir), `http://${hostname ?? "localhost"}:${port}`);

  const server = createServer((req, res) => {
    prepareRequest(req);
    const answer = frontAnswer(req.method ?? "", req.url, req.headers);
    if (answer) return void res.writeHead(answer.status, answer.headers).end(answer.body);
    req.url = apiUrl(req.url);
    const pathname = req.url.split("?")[0];
    if (!isApiPath(pathname)) return void handle(req, res);
    dispatchV3(req, res, pathname)
      .then((handled) => (handled ? undefined : handle(req, res)))
      .catch((err) => {
        log.error({ error: String(err?.stack ?? err) }, "unhandled error in /v3 dispatch");
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
  server.listen(port, hostname, () => log.info({ port, hostname: hostname ?? "*" }, "listening"));

  const stop = async () => {
    setTimeout(() => process.exit(0), 10_000).unref();
    server.close();
    // Idle keep-alive connections would otherwise hold close() open.
    server.closeIdleConnections();
    // The in-app webhook worker (started by src/instrumentation.ts in this process) finishes the
    // delivery it is on, so nothing is left leased until its lease runs out.
    await globalThis.__sandiWorker?.stop?.().catch(() => undefined);
    // Buffered writes (the merchants' API request log) reach the database before the pool goes.
    await Promise.all((globalThis.__sandiApiLogFlushers ?? []).map((flush) => flush().catch(() => undefined)));
    await app.close().catch(() => undefined);
    process.exit(0);
  };
  process.once("SIGINT", () => void stop());
  process.once("SIGTERM", () => void stop());
}

main().catch((err) => {
  console.error(`Server start-up failed: ${err?.stack ?? err}`);
  process.exit(1);
});
