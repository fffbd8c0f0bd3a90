import { randomAlnum } from "@/server/lib/random";
import { wibDateCompact } from "@/lib/wib-time";

export const TOPUP_ID_RANDOM_LENGTH = 8;

/** `TC` + WIB date + 8 random uppercase letters/digits; 36^8 ids per day make a collision (a unique-key error) practically impossible. */
export function newTopupId(now: Date): string {
  return `TC${wibDateCompact(now)}${randomAlnum(TOPUP_ID_RANDOM_LENGTH)}`;
}
