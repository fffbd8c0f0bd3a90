import { randomFillSync } from "node:crypto";

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// Bytes from the CSPRNG, drawn 4 KiB at a time: crypto.randomInt per character cost about
// 470 instructions each, and a creation draws some 50 (its id, code, event and message ids).
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let taken = POOL_BYTES;

function randomByte(): number {
  if (taken === POOL_BYTES) {
    randomFillSync(pool);
    taken = 0;
  }
  return pool[taken++];
}

/**
 * `length` characters of `alphabet` (at most 256), each uniformly distributed: a byte is
 * used when it falls below the largest multiple of the alphabet's size, and drawn again
 * otherwise, so no character is likelier than another.
 */
export function pickFrom(alphabet: string, length: number, nextByte: () => number = randomByte): string {
  const size = alphabet.length;
  const limit = 256 - (256 % size);
  let out = "";
  while (out.length < length) {
    const byte = nextByte();
    if (byte < limit) out += alphabet[byte % size];
  }
  return out;
}

export const randomUpper = (length: number) => pickFrom(UPPER, length);
export const randomAlnum = (length: number) => pickFrom(ALNUM, length);
export const randomBase62 = (length: number) => pickFrom(BASE62, length);

/** A numeric code from a CSPRNG, uniformly distributed, leading zeros allowed. */
export function randomDigits(length: number): string {
  return pickFrom("0123456789", length);
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
