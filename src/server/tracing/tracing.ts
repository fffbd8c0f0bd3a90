// OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. Started
// once per process before the code it traces runs: from src/instrumentation.ts
// in the app (Next.js then makes a server span per request and the pg and ioredis
// instrumentations add one per query) and first thing in the worker process.
// Spans go to the collector over OTLP/HTTP; with tracing off, nothing here is
// even loaded.
import { getEnv } from "@/env";
import { log } from "@/server/log";

export type Tracing = { shutdown: () => Promise<void> };

const processWide = globalThis as unknown as { __sandiTracing?: Promise<Tracing | null> };

export function startTracing(): Promise<Tracing | null> {
  processWide.__sandiTracing ??= start();
  return processWide.__sandiTracing;
}

async function start(): Promise<Tracing | null> {
  const env = getEnv();
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { PgInstrumentation }, { IORedisInstrumentation }] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/instrumentation-http"),
    import("@opentelemetry/instrumentation-pg"),
    import("@opentelemetry/instrumentation-ioredis"),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME,
    // The base URL, as the variable is defined by OpenTelemetry; traces go to its /v1/traces.
    traceExporter: new OTLPTraceExporter({ url: `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "")}/v1/traces` }),
    instrumentations: [
      // Health checks and scrapes would be most of the spans and say nothing.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|metrics)(\?|$)/.test(req.url ?? "") }),
      // Statement text only, never the parameters (destinations, code hashes). Only inside a
      // request or a webhook delivery: the worker's once-a-second polling would be most traces.
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  log.info({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, service: env.OTEL_SERVICE_NAME }, "tracing on");
  return { shutdown: () => sdk.shutdown() };
}

/** For tests: forget the started SDK after shutting it down. */
export function forgetTracingForTests(): void {
  processWide.__sandiTracing = undefined;
}
