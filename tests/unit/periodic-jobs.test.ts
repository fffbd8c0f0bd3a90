import { describe, expect, it, vi } from "vitest";
import { periodicJobs, type Job } from "@/server/worker/periodic-jobs";
import { captureLog } from "../harness/log-lines";

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("periodic jobs", () => {
  it("runs each due job on its own: a slow job holds up no other and is not started twice while it runs", async () => {
    const slow = gate();
    const slowRuns = vi.fn(() => slow.opened);
    const fastRuns = vi.fn(async () => undefined);
    const jobs: Job[] = [
      { name: "slow", everyMs: 1000, run: slowRuns },
      { name: "fast", everyMs: 1000, run: fastRuns },
    ];
    const runner = periodicJobs(jobs);
    const first = runner.runDue(new Date(10_000));
    // The fast job finishes while the slow one still runs.
    await new Promise((resolve) => setImmediate(resolve));
    const second = runner.runDue(new Date(12_000));
    await vi.waitFor(() => expect(fastRuns).toHaveBeenCalledTimes(2));
    expect(slowRuns).toHaveBeenCalledTimes(1);
    let settled = false;
    void second.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    slow.open();
    await Promise.all([first, second]);
    await runner.runDue(new Date(14_000));
    expect(slowRuns).toHaveBeenCalledTimes(2);
  });

  it("keeps running the other jobs when one fails, and runs a job again only once its interval has passed", async () => {
    const logged = captureLog();
    const ok = vi.fn(async () => undefined);
    const runner = periodicJobs([
      { name: "broken", everyMs: 1000, run: async () => Promise.reject(new Error("boom")) },
      { name: "ok", everyMs: 5000, run: ok },
    ]);
    await runner.runDue(new Date(10_000));
    await runner.runDue(new Date(12_000));
    await runner.runDue(new Date(15_000));
    expect(ok).toHaveBeenCalledTimes(2);
    logged.restore();
    expect(logged.lines.filter((l) => l.msg === "periodic job failed").map((l) => [l.job, l.error])).toEqual([
      ["broken", "boom"],
      ["broken", "boom"],
      ["broken", "boom"],
    ]);
  });
});
