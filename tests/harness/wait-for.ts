// The one way a test waits for something that happens on its own (a process
// delivering, a server coming back): poll a condition until it holds, within a
// bound, and fail naming what never happened. Never a fixed sleep standing in for
// the condition, and never an assertion on how long something took.
// The deadline runs on performance.now(), so a test that fakes Date still times out.
import { setTimeout as sleep } from "node:timers/promises";

export type WaitOptions = { timeoutMs: number; intervalMs?: number; what: string };

/** Resolves once `condition()` is true; rejects after `timeoutMs`. An error thrown by `condition` fails at once. */
export async function waitFor(condition: () => boolean | Promise<boolean>, { timeoutMs, intervalMs = 50, what }: WaitOptions): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (performance.now() >= deadline) throw new Error(`waited ${timeoutMs} ms for ${what}; it did not happen`);
    await sleep(intervalMs);
  }
}
