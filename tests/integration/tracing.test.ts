// OpenTelemetry: off unless OTEL_EXPORTER_OTLP_ENDPOINT is set; when on, spans
// reach the collector over OTLP/HTTP and each /v3 log line names its trace.
import { context, propagation, trace } from "@opentelemetry/api";
import { afterEach, describe, expect, it, vi } from "vitest";
import { flushRequestLog } from "@/server/http/request-log";
import { forgetTracingForTests, startTracing } from "@/server/tracing/tracing";
import { overrideEnv } from "../harness/env-override";
import { startOtlpCollector } from "../harness/otlp-collector";
import { account, newMerchant } from "../harness/v3-fixtures";

const restores: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  while (restores.length) await restores.pop()!();
});

async function startCollector() {
  const collector = await startOtlpCollector();
  restores.push(() => collector.close());
  return collector;
}

/** The JSON lines the code under test writes to stdout meanwhile. */
function captureStdout() {
  const lines: Record<string, unknown>[] = [];
  const original = process.stdout.write.bind(process.stdout);
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    for (const line of String(chunk).split("\n")) if (line.startsWith("{")) lines.push(JSON.parse(line));
    return original(chunk, ...(rest as []));
  });
  restores.push(() => spy.mockRestore());
  return lines;
}

/** Request log lines are written in batches: write the gathered ones now. */
const logWritten = async () => flushRequestLog();

/** Tracing on, sending to a stand-in collector; switched off again after the test. */
async function tracingOn() {
  const collector = await startCollector();
  restores.push(overrideEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: `${collector.url}/`, OTEL_SERVICE_NAME: "sandi-test", LOG_REQUESTS: "1" }));
  const tracing = await startTracing();
  restores.push(() => {
    forgetTracingForTests();
    trace.disable();
    context.disable();
    propagation.disable();
  });
  return { collector, tracing };
}

describe("tracing", () => {
  it("stays off without OTEL_EXPORTER_OTLP_ENDPOINT: no SDK, and no trace_id in the request log", async () => {
    restores.push(overrideEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: undefined, LOG_REQUESTS: "1" }));
    restores.push(forgetTracingForTests);
    expect(await startTracing()).toBeNull();
    const lines = captureStdout();
    const m = await newMerchant();
    await trace.getTracer("test").startActiveSpan("request", async (span) => {
      expect(span.isRecording()).toBe(false);
      await account(m.key);
      span.end();
    });
    await logWritten();
    const logged = lines.find((l) => l.msg === "v3 request");
    expect(logged).toBeDefined();
    expect(logged).not.toHaveProperty("trace_id");
  });

  it("sends spans to the collector over OTLP/HTTP and writes each /v3 request's trace id in its log line", async () => {
    const { collector, tracing } = await tracingOn();
    expect(tracing).not.toBeNull();
    const lines = captureStdout();
    const m = await newMerchant();
    const traceId = await trace.getTracer("test").startActiveSpan("merchant call", async (span) => {
      expect(span.isRecording()).toBe(true);
      await account(m.key);
      span.end();
      return span.spanContext().traceId;
    });
    await logWritten();
    expect(lines.find((l) => l.msg === "v3 request")).toMatchObject({ path: "/v3/account", status: 200, trace_id: traceId });

    await tracing!.shutdown(); // flushes the batch
    const exported = collector.received.filter((r) => r.path === "/v1/traces");
    expect(exported.length).toBeGreaterThan(0);
    const body = exported.map((r) => r.body).join("\n");
    expect(body).toContain("sandi-test");
    expect(body).toContain("merchant call");
    expect(body).toContain(traceId);
  });

  it("gives a /v3 request its own span when no server span is active (the production front calls the handlers outside Next)", async () => {
    const { tracing } = await tracingOn();
    const lines = captureStdout();
    const m = await newMerchant();
    expect(trace.getActiveSpan()).toBeUndefined();
    await account(m.key);
    await logWritten();
    const logged = lines.find((l) => l.msg === "v3 request");
    expect(logged?.trace_id).toMatch(/^[0-9a-f]{32}$/);
    await tracing!.shutdown();
  });
});
