import { describe, expect, it } from "vitest";
import { safeCallback } from "@/lib/safe-callback";

const origin = "http://localhost:3000";

describe("the sign-in callback only ever leads back into the dashboard", () => {
  it("keeps a same-origin path with its query and fragment", () => {
    expect(safeCallback("/transactions?channel=sms#top", origin)).toBe("/transactions?channel=sms#top");
  });

  it("falls back to the overview without a callback", () => {
    expect(safeCallback(null, origin)).toBe("/overview");
  });

  it.each(["https://evil.example/", "//evil.example/x", "/\\evil.example", "\\/evil.example", "/\t/evil.example", "javascript:alert(1)"])(
    "refuses %j, which a browser would resolve to another origin",
    (value) => {
      expect(safeCallback(value, origin)).toBe("/overview");
    },
  );

  it("accepts an absolute URL on the same origin, reduced to its path", () => {
    expect(safeCallback("http://localhost:3000/balance", origin)).toBe("/balance");
  });
});
