import { describe, expect, it } from "vitest";
import { adminFee } from "./admin-fee";

describe("admin fee", () => {
  it("is flat + percentage in basis points", () => {
    expect(adminFee(100000, { feeFlat: 0, feeBps: 70 })).toBe(700);
    expect(adminFee(10000, { feeFlat: 4000, feeBps: 0 })).toBe(4000);
    expect(adminFee(2000000, { feeFlat: 1000, feeBps: 150 })).toBe(31000);
  });

  it("rounds the percentage up to whole rupiah", () => {
    expect(adminFee(12345, { feeFlat: 0, feeBps: 70 })).toBe(87); // 86.415
    expect(adminFee(10001, { feeFlat: 0, feeBps: 1 })).toBe(2); // 1.0001
  });

  it("does not round an exact percentage up", () => {
    expect(adminFee(10000, { feeFlat: 0, feeBps: 70 })).toBe(70);
  });
});
