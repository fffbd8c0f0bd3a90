// A round-robin load balancer in front of the app instances, behaving like the
// usual cloud one: it polls each instance's /readyz every `checkMs` and sends new
// requests only to instances that answered 200; it never retries a request (a
// POST may have been applied), so a request it sent to an instance that then
// dropped it shows up as an error in the fleet's figures.
import http from "node:http";
import net from "node:net";

export type Front = { url: string; healthy: () => number[]; close: () => Promise<void> };

export async function startFront(ports: number[], checkMs = 250): Promise<Front> {
  const healthy = new Set<number>();
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const check = async () => {
    await Promise.all(
      ports.map(async (port) => {
        const ok = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(1000) }).then((r) => r.status === 200, () => false);
        if (ok) healthy.add(port);
        else healthy.delete(port);
      }),
    );
  };
  await check();
  const timer = setInterval(() => void check(), checkMs);

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
      clearInterval(timer);
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
