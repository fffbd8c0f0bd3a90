// A TCP proxy in front of Redis that reads RESP in both directions and counts what the
// app asks of Redis: commands by name, and waits (a command sent while no answer was
// outstanding: the round trips the app waited out one after another, so a pipeline of
// four commands is one). It can also refuse connections like a Redis that is down. What
// a /v3 request costs in Redis calls is read from the wire, not from the code's idea of
// it (tests/integration/redis-round-trips.test.ts, bench/hot-path-steps.ts).
import net from "node:net";

export type RedisCounts = { commands: Record<string, number>; waits: number };

export type RedisCounterProxy = {
  url: string;
  /** Since the last reset: commands by lower-case name (evalsha, eval, incr, …) and waits. */
  counts: () => RedisCounts;
  reset: () => void;
  /** Refuses new connections and drops the open ones; `up` listens again on the same port (nothing when it listens). */
  down: () => Promise<void>;
  up: () => Promise<void>;
  close: () => Promise<void>;
};

function lineEnd(buf: Buffer, at: number): number {
  const end = buf.indexOf("\r\n", at);
  return end < 0 ? -1 : end;
}

/** One RESP value from `at`: where it ends, or -1 when the buffer does not hold all of it yet. */
function valueEnd(buf: Buffer, at: number): number {
  if (at >= buf.length) return -1;
  const end = lineEnd(buf, at);
  if (end < 0) return -1;
  const type = String.fromCharCode(buf[at]);
  const n = Number(buf.toString("latin1", at + 1, end));
  if (type === "$") {
    if (n < 0) return end + 2;
    return buf.length < end + 2 + n + 2 ? -1 : end + 2 + n + 2;
  }
  if (type === "*") {
    let next = end + 2;
    for (let i = 0; i < n; i++) {
      next = valueEnd(buf, next);
      if (next < 0) return -1;
    }
    return next;
  }
  return end + 2; // + - : and RESP3's one-line types
}

/** Calls `each` with every complete value's bytes as they arrive, across chunk boundaries. */
function reader(each: (value: Buffer) => void): (chunk: Buffer) => void {
  let buffered: Buffer = Buffer.alloc(0);
  return (chunk) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    for (;;) {
      const end = valueEnd(buffered, 0);
      if (end < 0) return;
      each(buffered.subarray(0, end));
      buffered = buffered.subarray(end);
    }
  };
}

/** A command's name: the first bulk string of the array a client sends. */
function commandName(value: Buffer): string {
  const sizeEnd = lineEnd(value, lineEnd(value, 0) + 2);
  const size = Number(value.toString("latin1", lineEnd(value, 0) + 3, sizeEnd));
  return value.toString("latin1", sizeEnd + 2, sizeEnd + 2 + size).toLowerCase();
}

export async function redisCounterProxy(targetUrl: string): Promise<RedisCounterProxy> {
  const target = new URL(targetUrl);
  let commands: Record<string, number> = {};
  let waits = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    let outstanding = 0;
    const fromClient = reader((value) => {
      if (outstanding === 0) waits += 1;
      outstanding += 1;
      const name = commandName(value);
      commands[name] = (commands[name] ?? 0) + 1;
    });
    const fromRedis = reader(() => (outstanding = Math.max(0, outstanding - 1)));
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.setNoDelay(true);
      s.on("error", () => undefined);
      s.on("close", () => (sockets.delete(s), client.destroy(), upstream.destroy()));
    }
    client.on("data", (chunk: Buffer) => {
      fromClient(chunk);
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      fromRedis(chunk);
      client.write(chunk);
    });
  });
  const listen = (port: number) => new Promise<void>((resolve) => (server.listening ? resolve() : server.listen(port, "127.0.0.1", resolve)));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const down = async () => {
    if (!server.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of sockets) s.destroy();
    await closed;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    counts: () => ({ commands: { ...commands }, waits }),
    reset: () => {
      commands = {};
      waits = 0;
    },
    down,
    up: () => listen(port),
    close: down,
  };
}
