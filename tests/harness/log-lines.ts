// What the code under test logs. src/server/log.ts writes JSON lines to stdout; this
// collects them (and keeps them off the test output) until restore().
import { vi } from "vitest";

export type LogLine = { level: string; time: string; msg: string; [field: string]: unknown };

export function captureLog() {
  const lines: LogLine[] = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    for (const line of String(chunk).split("\n")) if (line.startsWith('{"level":')) lines.push(JSON.parse(line) as LogLine);
    return true;
  });
  return {
    lines,
    /** How many lines so far have a message containing `text`. */
    count: (text: string) => lines.filter((line) => line.msg.includes(text)).length,
    restore: () => spy.mockRestore(),
  };
}
