// A round-robin load balancer in front of the app instances, behaving like HAProxy
// with its default health check: each instance's /readyz is polled every `checkMs`;
// an instance leaves the rotation after 3 failed checks in a row (`fall 3`) and
// comes back after 2 good ones (`rise 2`). It never retries a request (a POST may
// have been applied), so a request it sent to an instance that then dropped it
// shows up as an error in the fleet's figures.
import http from "node:http";
import net from "node:net";

export type Front = { url: string; healthy: () => number[]; close: () => Promise<void> };

const FALL = 3;
const RISE = 2;

export async function startFront(ports: number[], checkMs = 250): Promise<Front> {
  const healthy = new Set<number>();
  const streak = new Map(ports.map((p) => [p, 0]));
  let next = 0;
  let checking = true;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const checkOne = async (port: number) => {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.status === 200, () => false);
    // Positive streaks count good checks, negative ones failed checks.
    const s = streak.get(port)!;
    const now = ok ? Math.max(s, 0) + 1 : Math.min(s, 0) - 1;
    streak.set(port, now);
    if (now >= RISE) healthy.add(port);
    if (now <= -FALL) healthy.delete(port);
  };
  const loops = ports.map(async (port) => {
    while (checking) {
      await checkOne(port);
      await new Promise((r) => setTimeout(r, checkMs));
    }
  });

  const server = http.createServer((req, res) => {
    const pool = ports.filter((p) => healthy.has(p));
    if (!pool.length) return void res.writeHead(503, { "content-type": "text/plain" }).end("no healthy instance");
    const port = pool[next++ % pool.length];
    const upstream = http.request({ host: "127.0.0.1", port, method: req.method, path: req.url, headers: { ...req.headers, "x-fleet-instance": String(port) }, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-fleet-instance": String(port) });
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain", "x-fleet-instance": String(port) });
      res.end("upstream error");
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    healthy: () => [...healthy],
    close: async () => {
      checking = false;
      await Promise.all(loops);
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
