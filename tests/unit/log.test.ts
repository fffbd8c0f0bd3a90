// The one logger (src/server/log.ts): JSON lines with time, level and msg, the /v3
// request id inside a request's scope, and stderr for otpctl, whose stdout is its answer.
import { afterEach, describe, expect, it, vi } from "vitest";
import pino from "pino";
import { log, setLogStream } from "@/server/log";
import { isoTimeField } from "@/server/log-format.mjs";

function capture(stream: "stdout" | "stderr") {
  const lines: Record<string, unknown>[] = [];
  vi.spyOn(process[stream], "write").mockImplementation((chunk: string | Uint8Array) => {
    for (const line of String(chunk).split("\n")) if (line.startsWith("{")) lines.push(JSON.parse(line));
    return true;
  });
  return lines;
}

afterEach(() => {
  vi.restoreAllMocks();
  setLogStream("stdout");
});

describe("the logger", () => {
  it("writes one JSON line with an ISO time, the level's name, the message and the fields", () => {
    const lines = capture("stdout");
    log.warn({ vendor: "smtp" }, "vendor deferred message");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toEqual({ level: "warn", time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), vendor: "smtp", msg: "vendor deferred message" });
  });

  it("writes the time as pino's isoTime does, and a new one as soon as the millisecond changes", () => {
    const at = Date.UTC(2026, 10, 27, 2, 45, 1, 123);
    // pino's own isoTime writes the same shape: a comma, then the field.
    expect(pino.stdTimeFunctions.isoTime()).toMatch(/^,"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"$/);
    expect(isoTimeField(at)).toBe(`,"time":"2026-11-27T02:45:01.123Z"`);
    expect(isoTimeField(at + 1)).toBe(`,"time":"2026-11-27T02:45:01.124Z"`);
    expect(isoTimeField(at - 60_000)).toBe(`,"time":"2026-11-27T02:44:01.123Z"`);
    const lines = capture("stdout");
    const before = Date.now();
    log.info("now");
    const written = Date.parse(String(lines[0].time));
    expect(written).toBeGreaterThanOrEqual(before);
    expect(written).toBeLessThanOrEqual(Date.now());
  });

  it("writes a request_id given as undefined (a send outside any request: the worker's) as no field at all", () => {
    const lines = capture("stdout");
    log.warn({ request_id: "req-1", otp_id: "a" }, "in a request");
    log.warn({ request_id: undefined, otp_id: "b" }, "in the worker");
    expect(lines).toMatchObject([{ msg: "in a request", request_id: "req-1" }, { msg: "in the worker" }]);
    expect("request_id" in lines[1]).toBe(false);
  });

  it("writes to stderr once told to, leaving stdout to otpctl's answer", () => {
    const stdout = capture("stdout");
    const stderr = capture("stderr");
    setLogStream("stderr");
    log.info("to stderr");
    expect(stdout).toHaveLength(0);
    expect(stderr).toMatchObject([{ level: "info", msg: "to stderr" }]);
  });
});
