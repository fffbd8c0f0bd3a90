import { describe, expect, it } from "vitest";
import { CircuitBreaker } from "./circuit-breaker";

function failTimes(breaker: CircuitBreaker, n: number, now: number) {
  for (let i = 0; i < n; i++) {
    expect(breaker.allow(now)).toBe(true);
    breaker.failure(now);
  }
}

describe("vendor circuit breaker", () => {
  it("stays closed below 5 consecutive failures, and a success starts the count again", () => {
    const breaker = new CircuitBreaker(5, 30_000);
    failTimes(breaker, 4, 0);
    breaker.success();
    failTimes(breaker, 4, 0);
    expect(breaker.allow(0)).toBe(true);
    expect(breaker.open).toBe(false);
  });

  it("opens after 5 consecutive failures and refuses every request for 30 s", () => {
    const breaker = new CircuitBreaker(5, 30_000);
    failTimes(breaker, 5, 1_000);
    expect(breaker.open).toBe(true);
    expect(breaker.allow(1_000)).toBe(false);
    expect(breaker.allow(30_999)).toBe(false);
  });

  it("lets exactly one probe through after the cool-down; its success closes the circuit", () => {
    const breaker = new CircuitBreaker(5, 30_000);
    failTimes(breaker, 5, 0);
    expect(breaker.allow(30_000)).toBe(true);
    expect(breaker.allow(30_001)).toBe(false);
    breaker.success();
    expect(breaker.open).toBe(false);
    expect(breaker.allow(30_002)).toBe(true);
  });

  it("re-opens for another 30 s when the probe fails", () => {
    const breaker = new CircuitBreaker(5, 30_000);
    failTimes(breaker, 5, 0);
    expect(breaker.allow(40_000)).toBe(true);
    breaker.failure(40_000);
    expect(breaker.allow(69_999)).toBe(false);
    expect(breaker.allow(70_000)).toBe(true);
  });
});
