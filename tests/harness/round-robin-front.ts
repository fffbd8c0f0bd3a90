// A load balancer in miniature for the rolling-restart test: round robin over the
// instances whose /readyz last answered 200, checked every 100 ms like a load
// balancer's health check. Nothing is retried, so every connection error or 5xx an
// instance causes reaches the client; the front counts what each instance sent.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Backend = { port: number; healthy: boolean; sawDraining: boolean; removed: boolean };

export type RoundRobinFront = {
  url: string;
  add: (port: number) => Backend;
  remove: (backend: Backend) => void;
  /** Requests the front could not hand to any instance, or whose instance failed (connection error). */
  failures: string[];
  close: () => Promise<void>;
};

const CHECK_MS = 100;

export async function startRoundRobinFront(): Promise<RoundRobinFront> {
  const backends: Backend[] = [];
  const failures: string[] = [];
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;

  const check = async (b: Backend) => {
    try {
      const res = await fetch(`http://127.0.0.1:${b.port}/readyz`, { signal: AbortSignal.timeout(2000) });
      const body = (await res.json()) as { status?: string };
      b.healthy = res.status === 200;
      if (body.status === "draining") b.sawDraining = true;
    } catch {
      b.healthy = false;
    }
  };
  let checking = true;
  const checker = (async () => {
    while (checking) {
      await Promise.all(backends.filter((b) => !b.removed).map(check));
      // Paces the health check on purpose, as a load balancer does (not a wait for a condition).
      await new Promise((r) => setTimeout(r, CHECK_MS));
    }
  })();

  const server = http.createServer((req, res) => {
    const live = backends.filter((b) => b.healthy && !b.removed);
    if (live.length === 0) {
      failures.push(`${req.method} ${req.url}: no healthy instance`);
      return void res.writeHead(503).end();
    }
    const target = live[next++ % live.length];
    const upstream = http.request({ host: "127.0.0.1", port: target.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", (err) => {
      failures.push(`${req.method} ${req.url} via :${target.port}: ${err.message}`);
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    add: (port) => {
      const backend = { port, healthy: false, sawDraining: false, removed: false };
      backends.push(backend);
      return backend;
    },
    remove: (backend) => {
      backend.removed = true;
    },
    failures,
    close: async () => {
      checking = false;
      await checker;
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
