// `npx tsx bench/hot-path-steps.ts`: what a /v3 request costs the app, in process, with
// no HTTP load generator sharing the machine's cores. Each kind of request runs through
// the route's own handler (`.direct`, what the production front calls; only node:http's
// parsing and writing are left out, the same for every request) against a fresh
// database and Redis, STEPS_CONCURRENCY at a time:
//   - app CPU µs per request (process.cpuUsage of this process over the run: the
//     request log lines, the API log's batched inserts and the metrics included, as
//     shipped), the median of STEPS_ROUNDS runs taken in turn with the other kinds,
//   - for the two reads, the same per step, each step run alone the same way, so what
//     the wrapper around the service costs can be read step by step,
//   - in a second child whose connections go through counting proxies (which parse the
//     wire, so they run apart from the timing): Redis commands and waits per request and
//     PostgreSQL statements and waits per request.
// Prints figures, asserts nothing. The request log lines go to /dev/null.
// Knobs: STEPS_N (2000 requests per kind and round), STEPS_ROUNDS (3), STEPS_CONCURRENCY (8),
// STEPS_REDIS_URL (default: a throw-away redis-server, so no run inherits another's
// detection state), BENCH_PG_ADMIN_URL (the database server; a database `sandi_steps` is
// recreated there), STEPS_ONLY (time only the kinds and steps whose name
// contains it), STEPS_CPU_PROF (a directory: the timing child runs with --cpu-prof there),
// STEPS_NODE_FLAGS (more node flags for the timing child, e.g. "--trace-gc").
import { fork, spawn } from "node:child_process";
import net from "node:net";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { recreateDatabase, dropDatabase } from "./lib/database";
import { PgCounterProxy } from "./lib/pg-counter-proxy";
import { redisCounterProxy } from "./lib/redis-counter-proxy";
import { median } from "./lib/repeats";

const N = Number(process.env.STEPS_N ?? 2000);
const ROUNDS = Number(process.env.STEPS_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.STEPS_CONCURRENCY ?? 8);
const COUNTED = 200;
const WATCHED_MERCHANTS = 20;
const GIVEN_REDIS_URL = process.env.STEPS_REDIS_URL;
const DB = "sandi_steps";
const SECRETS = { OTP_PEPPER: "s".repeat(40), SESSION_SECRET: "s".repeat(40), PAYMENT_LINK_SECRET: "s".repeat(40) };

type Seed = { keys: { off: string[]; watched: string[] }; ids: { off: number[]; watched: number[] } };
type Figures = Record<string, { cpuUs: number[]; wallUs: number[] }>;
type Counted = Record<string, { redis: Record<string, number>; redisWaits: number; statements: number; pgWaits: number }>;
type Message = { figures?: Figures; refused?: Record<string, number>; phase?: string; edge?: "start" | "end"; done?: boolean };

// ---- the child: requests through the route handlers ----

async function child(mode: "time" | "count"): Promise<void> {
  const seed = JSON.parse(process.env.STEPS_SEED!) as Seed;
  (globalThis as Record<string, unknown>).__sandiPeerFront = true;
  const request = await import("@/app/v3/request/route");
  const send = await import("@/app/v3/send/route");
  const verifyRoute = await import("@/app/v3/verify/route");
  const otpRoute = await import("@/app/v3/otp/[otpId]/route");
  const accountRoute = await import("@/app/v3/account/route");

  const incoming = (method: string, pathname: string, key: string, body?: unknown) => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}`, "x-sandi-peer-address": "127.0.0.1", "content-type": "application/json" };
    const text = body === undefined ? "" : JSON.stringify(body);
    return { method, pathname, search: "", header: (name: string) => headers[name.toLowerCase()] ?? null, body: async () => ({ ok: true as const, text }) };
  };
  // Detection may refuse some of the watched creations (FRAUD_BLOCKED): counted and reported, not fatal.
  const refused: Record<string, number> = {};
  const ok = async (answer: Promise<{ status: number; body: string }>) => {
    const a = await answer;
    if (a.status === 403 && a.body.includes("FRAUD_BLOCKED")) return void (refused.FRAUD_BLOCKED = (refused.FRAUD_BLOCKED ?? 0) + 1);
    if (a.status !== 200) throw new Error(`answered ${a.status}: ${a.body.slice(0, 300)}`);
    return JSON.parse(a.body).data;
  };
  // Destinations over the operator prefixes in the shares detection's prior expects, and the
  // watched creations over many merchants: ordinary traffic, which detection lets through.
  const { INDONESIA_PREFIX_SHARES } = await import("@/server/services/fraud/prior");
  const prefixes = Object.entries(INDONESIA_PREFIX_SHARES).flatMap(([prefix, share]) => Array<string>(Math.round(share * 200)).fill(prefix));
  let phone = 0;
  // Never a number ending in 0000: the sandbox fails those, and a verification of one is refused.
  const destination = (): string => {
    const d = `${prefixes[Math.floor(Math.random() * prefixes.length)]}${String(10_000_000 + ((phone += 1) * 7919) % 89_999_999)}`;
    return d.endsWith("0000") ? destination() : d;
  };
  const pick = <T>(xs: T[], i: number) => xs[i % xs.length];

  // OTPs with known codes (POST /v3/send) for the verifications, and ids for the reads.
  const pool = async (n: number) => {
    const made: { key: string; otpId: string; code: string }[] = [];
    for (let i = 0; i < n; i++) {
      const key = pick(seed.keys.off, i);
      const code = String(100_000 + ((i * 7919) % 899_999));
      const data = await ok(send.POST.direct(incoming("POST", "/v3/send", key, { channel: "sms", destination: destination(), otp: code }), {}));
      made.push({ key, otpId: data.otp_id, code });
    }
    return made;
  };

  const kinds: Record<string, (i: number) => Promise<unknown>> = {};
  kinds["POST /v3/request (fraud guard off)"] = (i) => ok(request.POST.direct(incoming("POST", "/v3/request", pick(seed.keys.off, i), { channel: "sms", destination: destination() }), {}));
  kinds["POST /v3/request (fraud guard standard)"] = (i) =>
    ok(request.POST.direct(incoming("POST", "/v3/request", pick(seed.keys.watched, i), { channel: "sms", destination: destination() }), {}));
  let verifiable: { key: string; otpId: string; code: string }[] = [];
  kinds["POST /v3/verify (right code)"] = (i) => {
    const o = verifiable[i];
    return ok(verifyRoute.POST.direct(incoming("POST", "/v3/verify", o.key, { otp_id: o.otpId, otp: o.code }), {}));
  };
  const readable = await pool(64);
  kinds["GET /v3/otp/{id}"] = (i) => {
    const o = pick(readable, i);
    return ok(otpRoute.GET.direct(incoming("GET", `/v3/otp/${o.otpId}`, o.key), { otpId: o.otpId }));
  };
  kinds["GET /v3/account"] = (i) => ok(accountRoute.GET.direct(incoming("GET", "/v3/account", pick(seed.keys.off, i)), {}));

  const tell = (m: Message) => new Promise<void>((resolve) => process.send!(m, () => resolve()));
  const run = async (n: number, call: (i: number) => Promise<unknown>) => {
    let next = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < n) await call(next++);
      }),
    );
    const used = process.cpuUsage(cpu);
    return { cpuUs: (used.user + used.system) / n, wallUs: ((performance.now() - started) * 1000) / n };
  };

  if (mode === "count") {
    for (const [name, call] of Object.entries(kinds)) {
      if (name.includes("verify")) verifiable = await pool(COUNTED + 20);
      for (let i = 0; i < 20; i++) await call(i); // warm: connections, scripts, caches
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tell({ phase: name, edge: "start" });
      for (let i = 0; i < COUNTED; i++) await call(20 + i);
      // The verified count is sent without waiting for it: let it land before the edge.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tell({ phase: name, edge: "end" });
    }
    await tell({ done: true, refused });
    return;
  }

  // Steps of the reads, each alone, on the same inputs as the whole request.
  const { authenticateBearer } = await import("@/server/http/authenticate");
  const { resolveClientIp } = await import("@/server/http/client-ip");
  const { isIpAllowed } = await import("@/server/lib/ip-allowlist");
  const { getRateLimiter } = await import("@/server/http/rate-limit/rate-limiter");
  const { getOtp } = await import("@/server/services/otp/get-otp");
  const { getAccount } = await import("@/server/services/merchants/account");
  const { successBody } = await import("@/server/envelope.mjs");
  const { logRequest } = await import("@/server/http/request-log");
  const { recordApiRequest } = await import("@/server/services/api-log/api-log-writer");
  const { maskRequestBody } = await import("@/server/services/api-log/mask-body");
  const { recordV3Request } = await import("@/server/metrics/record");
  const o = readable[0];
  const merchant = await authenticateBearer(`Bearer ${o.key}`);
  const header = incoming("GET", `/v3/otp/${o.otpId}`, o.key).header;
  const detail = await getOtp(merchant.id, o.otpId);
  const account = await getAccount(merchant.id);
  let misses = 0;
  const steps: Record<string, (i: number) => Promise<unknown>> = {
    "step: request id": async () => randomUUID(),
    "step: bearer key (cached lookup)": () => authenticateBearer(`Bearer ${o.key}`),
    // Each call a second later than the last: the cache (one second) always misses.
    "step: bearer key, cache miss (PostgreSQL)": () => authenticateBearer(`Bearer ${o.key}`, Date.now() + (misses += 1) * 1001),
    "step: client address and IP allowlist": async () => isIpAllowed(merchant.allowedIps, resolveClientIp({ get: header })),
    "step: rate limit (Redis)": () => getRateLimiter().check(merchant.keyId, 100_000),
    "step: service, GET /v3/otp/{id} (PostgreSQL)": () => getOtp(merchant.id, o.otpId),
    "step: service, GET /v3/account (PostgreSQL)": () => getAccount(merchant.id),
    "step: envelope of the read's answer": async () => successBody(detail),
    "step: envelope of the account's answer": async () => successBody(account),
    "step: metrics": async () => recordV3Request("GET", "/v3/account", 200, undefined, performance.now()),
    "step: request log line": async () =>
      logRequest({ method: "GET", path: "/v3/account", status: 200, latency_ms: 1, merchant_id: merchant.merchantId, request_id: randomUUID() }),
    "step: API log row (queued)": async () =>
      recordApiRequest({
        merchantId: merchant.id,
        at: new Date(),
        method: "GET",
        path: "/v3/account",
        status: 200,
        errorCode: null,
        latencyMs: 1,
        requestId: randomUUID(),
        keyPrefix: merchant.keyPrefix,
        clientIp: "127.0.0.1",
        requestBody: maskRequestBody(undefined),
        route: null,
        routeReason: null,
      }),
  };
  const all = { ...kinds, ...steps };
  const figures: Figures = Object.fromEntries(Object.keys(all).map((k) => [k, { cpuUs: [], wallUs: [] }]));
  verifiable = await pool(200);
  for (const call of Object.values(all)) for (let i = 0; i < 200; i++) await call(i); // warm-up, JIT
  const only = process.env.STEPS_ONLY; // a kind or step whose name contains this, alone (for --cpu-prof)
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, call] of Object.entries(all)) {
      if (only && !name.includes(only)) continue;
      if (name.includes("verify")) verifiable = await pool(N);
      // What the last run left behind (the API log's batch, the request log's lines) is written before this one starts.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const r = await run(N, call);
      figures[name].cpuUs.push(r.cpuUs);
      figures[name].wallUs.push(r.wallUs);
    }
  }
  await tell({ figures, refused, done: true });
}

// ---- the parent: database, seed, proxies, the two children ----

async function seedMerchants(): Promise<Seed> {
  const { createMerchant, updateMerchant } = await import("@/server/services/merchants/merchants");
  const { disconnectDb } = await import("@/server/db/client");
  const seed: Seed = { keys: { off: [], watched: [] }, ids: { off: [], watched: [] } };
  for (let i = 0; i < 8 + WATCHED_MERCHANTS; i++) {
    const kind = i < 8 ? "off" : "watched";
    const created = await createMerchant({ name: `Steps ${i}`, email: `steps${i}@bench.test`, brandName: "TokoKu", saldo: 1_000_000_000, rateLimit: 100_000 });
    await updateMerchant(created.id, { fraudGuard: kind === "off" ? "off" : "standard" });
    seed.keys[kind].push(created.api_key);
    seed.ids[kind].push(created.id);
  }
  await disconnectDb();
  return seed;
}

function runChild(mode: "time" | "count", env: Record<string, string>, onPhase: (m: Message) => void): Promise<Figures | undefined> {
  const script = fileURLToPath(import.meta.url);
  const proc = fork(script, ["--child", mode], {
    execArgv: [
      "--import",
      "tsx",
      ...(mode === "time" && process.env.STEPS_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.STEPS_CPU_PROF}`] : []),
      ...(mode === "time" && process.env.STEPS_NODE_FLAGS ? process.env.STEPS_NODE_FLAGS.split(" ").filter(Boolean) : []),
    ],
    env: { ...process.env, NODE_ENV: "production", ...SECRETS, FRAUD_GUARD_DEFAULT: "off", ...env },
    // Flags like --trace-gc write to stdout: shown then.
    stdio: ["ignore", process.env.STEPS_NODE_FLAGS ? "inherit" : "ignore", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    let figures: Figures | undefined;
    proc.on("message", (m: Message) => {
      if (m.figures) figures = m.figures;
      if (m.refused && Object.keys(m.refused).length) console.log(`${mode} run: refused by the fraud guard: ${JSON.stringify(m.refused)}`);
      onPhase(m);
    });
    proc.on("exit", (code) => (code === 0 ? resolve(figures) : reject(new Error(`${mode} child exited with ${code}`))));
  });
}

/**
 * A throw-away redis-server on a free port: every run starts with no detection state (the
 * merchants' ids repeat from run to run, and a window another run left behind would
 * make detection refuse this one's creations).
 */
async function ownRedis(): Promise<{ url: string; stop: () => void }> {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => (socket.end(), resolve(true)));
      socket.on("error", () => resolve(false));
    });
    if (up) return { url: `redis://127.0.0.1:${port}`, stop: () => server.kill("SIGKILL") };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("redis-server did not start (Debian's redis-server package, or set STEPS_REDIS_URL)");
}

async function main(): Promise<void> {
  const own = GIVEN_REDIS_URL ? null : await ownRedis();
  try {
    await measure(GIVEN_REDIS_URL ?? own!.url);
  } finally {
    own?.stop();
  }
}

async function measure(REDIS_URL: string): Promise<void> {
  const url = await recreateDatabase(DB);
  process.env.DATABASE_URL = url;
  Object.assign(process.env, SECRETS, { NODE_ENV: "production" });
  const seed = await seedMerchants();
  const env = { STEPS_SEED: JSON.stringify(seed) };

  // Counting: through the proxies, one request at a time.
  const target = new URL(url);
  const pg = new PgCounterProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(url);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(await pg.listen());
  const redis = await redisCounterProxy(REDIS_URL);
  const counted: Counted = {};
  let startPg = pg.snapshot();
  await runChild("count", { ...env, DATABASE_URL: proxied.toString(), REDIS_URL: redis.url }, (m) => {
    if (!m.phase) return;
    if (m.edge === "start") {
      redis.reset();
      startPg = pg.snapshot();
      return;
    }
    const r = redis.counts();
    const endPg = pg.snapshot();
    counted[m.phase] = {
      redis: Object.fromEntries(Object.entries(r.commands).map(([k, v]) => [k, v / COUNTED])),
      redisWaits: r.waits / COUNTED,
      statements: (endPg.statements - startPg.statements) / COUNTED,
      pgWaits: (endPg.waits - startPg.waits) / COUNTED,
    };
  });
  await pg.close();
  await redis.close();

  // Timing: direct connections.
  const figures = (await runChild("time", { ...env, DATABASE_URL: url, REDIS_URL }, () => undefined))!;
  await dropDatabase(DB);

  const f = (x: number) => x.toFixed(1);
  console.log(`${N} requests per kind and round, ${ROUNDS} rounds, ${CONCURRENCY} at a time; app CPU and wall time per request (median of the rounds, min–max)`);
  console.log("| Request or step | app CPU µs | wall µs | Redis commands · waits | PostgreSQL statements · waits |");
  console.log("|---|---|---|---|---|");
  for (const [name, fig] of Object.entries(figures)) {
    if (!fig.cpuUs.length) continue;
    const c = counted[name];
    const redisCell = c ? `${Object.entries(c.redis).map(([k, v]) => `${f(v)} ${k}`).join(", ") || "none"} · ${f(c.redisWaits)}` : "";
    const pgCell = c ? `${f(c.statements)} · ${f(c.pgWaits)}` : "";
    console.log(`| ${name} | ${f(median(fig.cpuUs))} (${f(Math.min(...fig.cpuUs))}–${f(Math.max(...fig.cpuUs))}) | ${f(median(fig.wallUs))} | ${redisCell} | ${pgCell} |`);
  }
}

if (process.argv[2] === "--child") {
  child(process.argv[3] as "time" | "count").then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
} else {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
