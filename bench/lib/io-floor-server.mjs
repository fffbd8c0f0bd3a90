// The I/O floor of a read: a bare node:http server that answers GET /v3/otp/{id} with the
// round trips the app makes for it and nothing else: the rate limit's Redis script (the
// same INCR + PEXPIRE, one EVALSHA), the app's read statement (named, on a pool of the
// app's size) and the row as a JSON envelope. No authentication (the OTP's merchant comes
// from a map the launcher writes), no validation, presentation, logs or metrics.
// bench/io-floor.ts loads it beside the app and the bare node:http reference, so the
// app's CPU per read can be read against a server that does the same I/O.
// Usage: node bench/lib/io-floor-server.mjs <port> <setup.json>
//   setup.json: { databaseUrl, redisUrl, poolSize, statement, owners: { otpId: merchantId } }
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import Redis from "ioredis";
import pg from "pg";

const [port, setupFile] = [Number(process.argv[2]), process.argv[3]];
const setup = JSON.parse(readFileSync(setupFile, "utf8"));
const owners = new Map(Object.entries(setup.owners));
const pool = new pg.Pool({ connectionString: setup.databaseUrl, max: setup.poolSize });
const redis = new Redis(setup.redisUrl);
redis.defineCommand("windowHit", {
  numberOfKeys: 1,
  lua: "local hits = redis.call('INCR', KEYS[1])\nif hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end\nreturn hits",
});

const headers = () => ({ "content-type": "application/json", "cache-control": "no-store", "x-request-id": randomUUID() });

const server = createServer((req, res) => {
  const match = /^\/v3\/otp\/([A-Za-z0-9]+)$/.exec(req.url ?? "");
  const merchantId = match ? owners.get(match[1]) : undefined;
  if (!match || merchantId === undefined) {
    res.writeHead(404, headers()).end(JSON.stringify({ success: false, data: null, error: { code: "NOT_FOUND", message: "not found" } }));
    return;
  }
  const windowStart = Math.floor(Date.now() / 1000) * 1000;
  redis
    .windowHit(`sandi:rl:{m${merchantId}}:${windowStart}`, "2000")
    .then(() => pool.query({ name: "otp-read", text: setup.statement, values: [match[1], merchantId] }))
    .then(
      ({ rows }) => res.writeHead(200, headers()).end(JSON.stringify({ success: true, data: rows[0] ?? null, error: null })),
      (err) => res.writeHead(500, headers()).end(JSON.stringify({ success: false, data: null, error: { code: "INTERNAL_ERROR", message: String(err) } })),
    );
});
server.listen(port, "127.0.0.1", () => console.log(JSON.stringify({ msg: "listening", port })));
process.once("SIGTERM", () => server.close(() => Promise.all([pool.end(), redis.quit()]).then(() => process.exit(0))));
