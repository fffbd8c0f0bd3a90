// Random identifiers and codes come from CSPRNG bytes through rejection sampling: every
// character of the alphabet equally likely, bytes past the largest multiple of the
// alphabet's size drawn again, never folded onto the first characters.
import { describe, expect, it } from "vitest";
import { pickFrom, randomBase62, randomDigits, randomUpper } from "@/server/lib/random";

const bytes = (...values: number[]) => {
  let i = 0;
  return () => values[i++];
};

describe("pickFrom", () => {
  it("maps a byte to alphabet[byte % size] and draws again past the largest multiple of the size", () => {
    // Ten digits: 250 is the limit; 250–255 would make 0–5 likelier, so they are skipped.
    expect(pickFrom("0123456789", 4, bytes(7, 250, 255, 249, 13, 0))).toBe("7930");
    // 62 characters: 248 is the limit.
    expect(pickFrom("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", 3, bytes(248, 61, 62, 247))).toBe("z0z");
    // 256 characters and 2: every byte is used.
    expect(pickFrom("ab", 3, bytes(255, 0, 3))).toBe("bab");
  });

  it("gives codes and ids of the length and alphabet asked for, each character about equally often", () => {
    const counts = new Map<string, number>();
    const draws = 1_000_000;
    const code = randomDigits(draws);
    expect(code).toHaveLength(draws);
    expect(code).toMatch(/^[0-9]+$/);
    for (const c of code) counts.set(c, (counts.get(c) ?? 0) + 1);
    // Chi-square with 9 degrees of freedom: above 50 happens with probability below 1e-7 for
    // a uniform source; every byte folded with % 10 (0–5 then 26/256 likely, 6–9 25/256)
    // gives about 370 here.
    const expected = draws / 10;
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(counts.size).toBe(10);
    expect(chiSquare).toBeLessThan(50);
    expect(randomUpper(4)).toMatch(/^[A-Z]{4}$/);
    expect(randomBase62(40)).toMatch(/^[0-9A-Za-z]{40}$/);
    expect(new Set(Array.from({ length: 1000 }, () => randomBase62(20))).size).toBe(1000);
  });
});
