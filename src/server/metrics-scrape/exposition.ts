// Serving the registry to Prometheus. Closed by default: GET /metrics on the app
// answers only with METRICS_TOKEN as a bearer token, and METRICS_PORT opens a
// separate listener (for a private interface or a sidecar) that also asks for the
// token when one is set. The worker process has no web server, so it exposes
// metrics only on its METRICS_PORT.
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { getEnv } from "@/env";
import { sandiMetrics } from "@/server/metrics/registry";
import { addScrapeGauges } from "./scrape-gauges";
import { log, messageOf } from "@/server/log";

export type ScrapeAnswer = { status: number; headers: Record<string, string>; body: string };

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Constant-time comparison of the presented bearer token with METRICS_TOKEN. */
function tokenMatches(authorization: string | null | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/i.exec(authorization ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(presented), digest(token));
}

const processWide = globalThis as unknown as { __sandiScrapeGauges?: boolean };

/** The registry with its scrape-time gauges added (once per process). */
function fullRegistry() {
  const { registry } = sandiMetrics();
  if (!processWide.__sandiScrapeGauges) {
    processWide.__sandiScrapeGauges = true;
    addScrapeGauges(registry);
  }
  return registry;
}

export async function metricsText(): Promise<{ body: string; contentType: string }> {
  const registry = fullRegistry();
  return { body: await registry.metrics(), contentType: registry.contentType };
}

const SERIES_SUFFIXES: Record<string, string[]> = { histogram: ["_bucket", "_sum", "_count"], summary: ["", "_sum", "_count"] };

/** Every series name the endpoint can show (histograms with their _bucket, _sum and _count), without collecting anything. */
export function exportedSeriesNames(): string[] {
  return fullRegistry()
    .getMetricsAsArray()
    .flatMap((metric) => {
      const { name, type } = metric as unknown as { name: string; type: string };
      return (SERIES_SUFFIXES[type] ?? [""]).map((suffix) => `${name}${suffix}`);
    });
}

/**
 * The answer to a scrape. `listener` says where it arrived: on the app's own port
 * /metrics exists only when METRICS_TOKEN is set (404 otherwise, as if there were
 * no such page); on METRICS_PORT it is open unless a token is set.
 */
export async function answerScrape(authorization: string | null | undefined, listener: "app" | "metrics-port"): Promise<ScrapeAnswer> {
  const token = getEnv().METRICS_TOKEN;
  const plain = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };
  if (!token && listener === "app") return { status: 404, headers: plain, body: "Not Found\n" };
  if (token && !tokenMatches(authorization, token)) {
    return { status: 401, headers: { ...plain, "www-authenticate": 'Bearer realm="metrics"' }, body: "Unauthorized\n" };
  }
  const { body, contentType } = await metricsText();
  return { status: 200, headers: { "content-type": contentType, "cache-control": "no-store" }, body };
}

/** The METRICS_PORT listener: GET /metrics, nothing else. Resolves once it listens. */
export function startMetricsServer(port: number, hostname?: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not Found\n");
      return;
    }
    answerScrape(req.headers.authorization, "metrics-port").then(
      (answer) => res.writeHead(answer.status, answer.headers).end(req.method === "HEAD" ? undefined : answer.body),
      (err) => {
        log.error({ error: messageOf(err) }, "metrics scrape failed");
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Internal Server Error\n");
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => {
      server.off("error", reject);
      // The listener must not keep a stopping process alive.
      server.unref();
      resolve(server);
    });
  });
}

/** Starts the METRICS_PORT listener once per process when the variable is set; a busy port is logged, not fatal. */
export async function startConfiguredMetricsServer(): Promise<void> {
  const port = getEnv().METRICS_PORT;
  const started = globalThis as unknown as { __sandiMetricsServer?: Promise<Server | null> };
  if (!port || started.__sandiMetricsServer) return;
  started.__sandiMetricsServer = startMetricsServer(port).then(
    (server) => {
      log.info({ port }, "metrics listening");
      return server;
    },
    (err) => {
      log.error({ port, error: messageOf(err) }, "metrics port unavailable");
      return null;
    },
  );
  await started.__sandiMetricsServer;
}
