// The reference for the HTTP floor: a bare node:http server answering every request
// with the JSON 404 envelope the app gives an unknown /v3 path (same status, body
// shape and headers: content-type, cache-control, x-request-id), with no framework.
// bench/run.ts starts it in its own process and loads it as it loads the app's 404,
// so app 404 req/s ÷ this server's req/s is what the app's HTTP layer costs.
// Usage: node bench/lib/floor-server.mjs <port>
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";

const port = Number(process.argv[2]);
const server = createServer((req, res) => {
  const path = new URL(req.url ?? "/", "http://x").pathname.slice(0, 200);
  const body = JSON.stringify({
    success: false,
    data: null,
    error: { code: "NOT_FOUND", message: `Endpoint ${path} tidak ada. Lihat dokumentasi API di /docs.` },
  });
  res.writeHead(404, { "content-type": "application/json", "cache-control": "no-store", "x-request-id": randomUUID() }).end(body);
});
server.listen(port, "127.0.0.1", () => console.log(JSON.stringify({ msg: "listening", port })));
process.once("SIGTERM", () => server.close(() => process.exit(0)));
