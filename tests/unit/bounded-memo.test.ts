// boundedMemo computes each key once and reads it back, null answers included, and forgets
// everything at once when it reaches its size, so new keys cannot grow it without end.
import { describe, expect, it } from "vitest";
import { boundedMemo } from "@/server/lib/bounded-memo";

describe("boundedMemo", () => {
  it("computes a key once, keeps null and false answers too, and starts over when full", () => {
    const calls: string[] = [];
    const memo = boundedMemo(3, (key: string) => {
      calls.push(key);
      return key === "none" ? null : key.length > 1;
    });
    expect([memo("a"), memo("none"), memo("bb"), memo("a"), memo("none"), memo("bb")]).toEqual([false, null, true, false, null, true]);
    expect(calls).toEqual(["a", "none", "bb"]);
    // A fourth key empties what was kept; the earlier keys are computed again.
    expect(memo("ccc")).toBe(true);
    expect(memo("a")).toBe(false);
    expect(calls).toEqual(["a", "none", "bb", "ccc", "a"]);
  });
});
