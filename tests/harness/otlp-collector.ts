// A stand-in OpenTelemetry collector: records what arrives at its OTLP/HTTP endpoint.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type OtlpCollector = { url: string; received: { path: string; body: string }[]; close: () => Promise<void> };

export async function startOtlpCollector(): Promise<OtlpCollector> {
  const received: { path: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", body });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
