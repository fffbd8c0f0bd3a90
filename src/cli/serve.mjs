// The production HTTP server `npm start` runs: Next.js behind a thin node:http
// front (serve-front.mjs) so that every request, even one Next cannot represent,
// is answered with the JSON envelope rather than a plain-text 500 or a dropped
// connection. Plain JavaScript on purpose: the server process loads no
// TypeScript loader.
import { createServer } from "node:http";
import next from "next";
import { apiUrl, clientErrorAnswer, frontAnswer, installFront, prepareRequest, rawResponse } from "./serve-front.mjs";

/** `--port N` (default 3000) and `--hostname H` (default: every interface), like `next start`. */
function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

async function main() {
  const port = Number(option("port", "3000"));
  const hostname = option("hostname", undefined);
  const app = next({ dev: false, dir: process.cwd(), port, hostname });
  const handle = app.getRequestHandler();
  await app.prepare();

  const server = createServer((req, res) => {
    prepareRequest(req);
    const answer = frontAnswer(req.method ?? "", req.url, req.headers);
    if (!answer) {
      req.url = apiUrl(req.url);
      return void handle(req, res);
    }
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  installFront(server);
  // CONNECT never reaches the request listener.
  server.on("connect", (req, socket) => socket.end(rawResponse(frontAnswer("CONNECT", req.url))));
  // Unknown methods, malformed request lines and oversized headers fail in Node's parser.
  server.on("clientError", (err, socket) => {
    if (!socket.writable || err.code === "ECONNRESET") return void socket.destroy();
    socket.end(rawResponse(clientErrorAnswer(err)));
  });
  server.listen(port, hostname, () => console.log(JSON.stringify({ msg: "listening", port, hostname: hostname ?? "*" })));

  const stop = async () => {
    setTimeout(() => process.exit(0), 10_000).unref();
    server.close();
    // Idle keep-alive connections would otherwise hold close() open.
    server.closeIdleConnections();
    // The in-app webhook worker (started by src/instrumentation.ts in this process) finishes the
    // delivery it is on, so nothing is left leased until its lease runs out.
    await globalThis.__sandiWorker?.stop?.().catch(() => undefined);
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
