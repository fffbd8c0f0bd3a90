// The I/O floor of the hot path: a bare node:http server that answers the bench's three
// /v3 requests with the round trips the app makes for each and as little else as the
// answer needs. No authentication (merchants come from maps the launcher writes), no
// validation, presentation, logs or metrics.
//   GET /v3/otp/{id}: the rate limit's Redis script (the same INCR + PEXPIRE, one EVALSHA),
//     then the app's read statement, word for word, named, on a pool of the app's size.
//   POST /v3/verify: the rate limit's script; the OTP's row read (one wait, as the app's
//     lock-and-read); the code's keyed hash compared; the verification or the counted
//     mismatch written (one wait, as the app's statement with the committing Sync); on a
//     match, the verified count's script (two keys counted and given their time to live), not awaited.
//   POST /v3/request: the rate limit's script; one statement that charges the balance and
//     inserts the OTP (one wait, as the app's reservation); one that marks it sent and keeps
//     the sandbox's copy of the message (one wait, as the delivery recorder's); the answer.
// Verification and creation work on tables of their own (schema io_floor, made by
// bench/io-floor.ts): the same number of writes and waits as the app's, not the same SQL.
// bench/io-floor.ts loads it beside the app and the bare node:http reference.
// Usage: node bench/lib/io-floor-server.mjs <port> <setup.json>
//   setup.json: { databaseUrl, redisUrl, poolSize, statement, owners: { otpId: merchantId }, keys: { apiKey: merchantId } }
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import Redis from "ioredis";
import pg from "pg";
import { tuneNodePg } from "../../src/server/db/node-pg-tuning.mjs";

const [port, setupFile] = [Number(process.argv[2]), process.argv[3]];
const setup = JSON.parse(readFileSync(setupFile, "utf8"));
const owners = new Map(Object.entries(setup.owners));
const keyOwners = new Map(Object.entries(setup.keys ?? {}));
// As the app does (src/server/db/client.ts): node-pg's per-query work that is no I/O.
tuneNodePg();
const pool = new pg.Pool({ connectionString: setup.databaseUrl, max: setup.poolSize });
const redis = new Redis(setup.redisUrl);
redis.defineCommand("windowHit", {
  numberOfKeys: 1,
  lua: "local hits = redis.call('INCR', KEYS[1])\nif hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end\nreturn hits",
});
// The app's verified count (src/server/services/fraud/redis-store.ts), keys counted and kept for ARGV[1] ms.
redis.defineCommand("countVerified", {
  lua: "for i = 1, #KEYS do\n  redis.call('INCR', KEYS[i])\n  redis.call('PEXPIRE', KEYS[i], ARGV[1])\nend",
});
const PRICE = 350;

const readOtp = { name: "otp-read", text: setup.statement };
const lockRow = { name: "floor-verify-read", text: "SELECT id, status, code_hash, attempts, max_attempts, expires_at FROM io_floor.otp WHERE otp_id = $1 AND merchant_id = $2" };
const markVerified = { name: "floor-verified", text: "UPDATE io_floor.otp SET status = 'verified', verified_at = now(), updated_at = now() WHERE id = $1" };
const countMismatch = { name: "floor-mismatch", text: "UPDATE io_floor.otp SET attempts = attempts + 1, updated_at = now() WHERE id = $1" };
const reserve = {
  name: "floor-reserve",
  text: `WITH charged AS (UPDATE io_floor.balance SET saldo = saldo - $5 WHERE merchant_id = $2 AND saldo >= $5 RETURNING saldo),
              inserted AS (INSERT INTO io_floor.otp (otp_id, merchant_id, channel, destination, code_hash, price, expires_at)
                           SELECT $1, $2, $3, $4, $6, $5, now() + make_interval(secs => $7) FROM charged RETURNING id, expires_at)
         SELECT inserted.id, inserted.expires_at, charged.saldo FROM inserted, charged`,
};
const recordSent = {
  name: "floor-sent",
  text: `WITH sent AS (UPDATE io_floor.otp SET status = 'sent', updated_at = now() WHERE id = $1 RETURNING id, merchant_id, destination)
         INSERT INTO io_floor.message (otp_row, merchant_id, destination, code) SELECT id, merchant_id, destination, $2 FROM sent`,
};

const headers = () => ({ "content-type": "application/json", "cache-control": "no-store", "x-request-id": randomUUID() });
const answer = (res, status, data, error = null) => res.writeHead(status, headers()).end(JSON.stringify({ success: error === null, data, error }));
const fail = (res) => (err) => answer(res, 500, null, { code: "INTERNAL_ERROR", message: String(err) });
const codeHash = (otpId, code) => createHash("sha256").update(`${otpId}:${code}`).digest("hex");
const windowHit = (merchantId) => redis.windowHit(`sandi:rl:{m${merchantId}}:${Math.floor(Date.now() / 1000) * 1000}`, "2000");

function readJson(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch (err) {
        reject(err);
      }
    });
    req.on("error", reject);
  });
}

function read(res, otpId) {
  const merchantId = owners.get(otpId);
  if (merchantId === undefined) return answer(res, 404, null, { code: "NOT_FOUND", message: "not found" });
  windowHit(merchantId)
    .then(() => pool.query({ ...readOtp, values: [otpId, merchantId] }))
    .then(({ rows }) => answer(res, 200, rows[0] ?? null), fail(res));
}

async function verify(req, res) {
  const { otp_id: otpId, otp: code } = await readJson(req);
  const merchantId = owners.get(otpId);
  if (merchantId === undefined) return answer(res, 404, null, { code: "OTP_NOT_FOUND", message: "not found" });
  await windowHit(merchantId);
  const { rows } = await pool.query({ ...lockRow, values: [otpId, merchantId] });
  const row = rows[0];
  if (row.status === "verified") return answer(res, 409, null, { code: "ALREADY_USED", message: "used" });
  const matches = timingSafeEqual(Buffer.from(codeHash(otpId, code)), Buffer.from(row.code_hash));
  await pool.query({ ...(matches ? markVerified : countMismatch), values: [row.id] });
  if (matches) {
    const day = `sandi:fraud:{m${merchantId}}:verified:${new Date().toISOString().slice(0, 10)}`;
    void redis.countVerified(2, day, `${day}:sms`, 172_800_000);
  }
  answer(res, 200, { otp_id: otpId, verified: matches, reason: matches ? "" : "mismatch" });
}

async function create(req, res) {
  const merchantId = keyOwners.get((req.headers.authorization ?? "").slice("Bearer ".length));
  const input = await readJson(req);
  if (merchantId === undefined) return answer(res, 401, null, { code: "UNAUTHORIZED", message: "unknown key" });
  await windowHit(merchantId);
  const otpId = `F${Date.now().toString(36)}${randomBytes(6).toString("hex")}`.toUpperCase();
  const code = String(randomInt(100_000, 1_000_000));
  const { rows } = await pool.query({ ...reserve, values: [otpId, merchantId, input.channel, input.destination, PRICE, codeHash(otpId, code), input.ttl ?? 300] });
  if (!rows[0]) return answer(res, 402, null, { code: "INSUFFICIENT_BALANCE", message: "saldo" });
  await pool.query({ ...recordSent, values: [rows[0].id, code] });
  const data = { otp_id: otpId, status: "sent", channel: input.channel, destination: input.destination, external_id: input.external_id ?? null, price: PRICE, charged: true, balance: Number(rows[0].saldo), expires_at: rows[0].expires_at.toISOString() };
  answer(res, 200, data);
}

const server = createServer((req, res) => {
  const url = req.url ?? "";
  const reading = /^\/v3\/otp\/([A-Za-z0-9]+)$/.exec(url);
  if (req.method === "GET" && reading) return read(res, reading[1]);
  if (req.method === "POST" && url === "/v3/verify") return void verify(req, res).catch(fail(res));
  if (req.method === "POST" && url === "/v3/request") return void create(req, res).catch(fail(res));
  answer(res, 404, null, { code: "NOT_FOUND", message: "not found" });
});
server.listen(port, "127.0.0.1", () => console.log(JSON.stringify({ msg: "listening", port })));
process.once("SIGTERM", () => server.close(() => Promise.all([pool.end(), redis.quit()]).then(() => process.exit(0))));
