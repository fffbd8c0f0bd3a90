// PostgreSQL refuses a parameter outside its column's type with an error, not an
// empty result, so an id or cursor a client sends is checked against the range
// first: a value no row can have is then "not found" or "no limit", never a 500.
export const INT4_MAX = 2_147_483_647;

/** Whether n can be an `integer` (int4) column's value. */
export function fitsInt4(n: number): boolean {
  return Number.isSafeInteger(n) && n >= -INT4_MAX - 1 && n <= INT4_MAX;
}
