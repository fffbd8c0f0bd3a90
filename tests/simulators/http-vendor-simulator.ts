// A local stand-in for an HTTP vendor API: records every request exactly as the
// vendor would receive it and answers with a scripted response (or hangs, or
// answers late, or only when the test releases it). Vendors with behaviour modes
// (failing, slow, late or missing receipts, "says sent"): route-vendor-simulator.ts.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };
/** `hang`: never answers (the caller's timeout must fire); `delayMs`: answers that much later. */
export type ScriptedAnswer = { status: number; json?: unknown; hang?: boolean; delayMs?: number };

/** Listens on a random port unless one is given (a test may take over a port it saw refuse connections). */
export async function startVendorSimulator(answer: (req: RecordedRequest, n: number) => ScriptedAnswer | Promise<ScriptedAnswer>, port = 0) {
  const requests: RecordedRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", async () => {
      const recorded = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body };
      requests.push(recorded);
      for (const w of waiters.filter((w) => requests.length >= w.count)) w.resolve();
      const a = await answer(recorded, requests.length);
      if (a.hang) return; // never answers: the caller's timeout must fire
      if (a.delayMs) await new Promise((resolve) => setTimeout(resolve, a.delayMs).unref());
      if (res.destroyed) return;
      res.writeHead(a.status, { "content-type": "application/json" });
      res.end(JSON.stringify(a.json ?? {}));
    });
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  const bound = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${bound}`,
    port: bound,
    requests,
    /** Resolves once the vendor has received `count` requests in all (for work the service does after answering). */
    waitForRequests: (count: number) =>
      requests.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A port on 127.0.0.1 with nothing listening: connections are refused at once. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}
