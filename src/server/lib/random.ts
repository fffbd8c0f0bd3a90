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
