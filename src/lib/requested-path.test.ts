import { describe, expect, it } from "vitest";
import { signInUrlFor } from "@/lib/requested-path";

describe("signInUrlFor", () => {
  it("comes back to the requested dashboard page, query included", () => {
    expect(signInUrlFor("/transactions/OTP20261123QWER000042")).toBe("/sign-in?callbackUrl=%2Ftransactions%2FOTP20261123QWER000042");
    expect(signInUrlFor("/transactions?status=failed")).toBe("/sign-in?callbackUrl=%2Ftransactions%3Fstatus%3Dfailed");
  });

  it("never leads to another origin", () => {
    for (const evil of ["//evil.example/x", "/\\evil.example", "https://evil.example/overview"]) {
      expect(signInUrlFor(evil)).toBe("/sign-in?callbackUrl=%2Foverview");
    }
  });

  it("is plain sign-in when the page is unknown", () => {
    expect(signInUrlFor(null)).toBe("/sign-in");
  });
});
