import { randomInt } from "node:crypto";

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function pick(alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export const randomUpper = (length: number) => pick(UPPER, length);
export const randomAlnum = (length: number) => pick(ALNUM, length);
export const randomBase62 = (length: number) => pick(BASE62, length);

/** A numeric code from a CSPRNG, uniformly distributed, leading zeros allowed. */
export function randomDigits(length: number): string {
  return pick("0123456789", length);
}

/**
 * Repeatable draws in [0, 1) from a seed (mulberry32): for tests and simulations that
 * must give the same shares on every run. Never for codes or secrets.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
