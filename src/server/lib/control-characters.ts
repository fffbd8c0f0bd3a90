// PostgreSQL text refuses NUL outright (the query fails, which surfaced as a 500),
// and the other C0 controls have no business in names, ids, URLs or addresses.
// Tab, line feed and carriage return stay allowed: they are ordinary in text.

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const NUL = /\u0000/;

/** True when any string in the value (object keys included), however deeply nested, holds a control character. */
export function holdsControlCharacter(value: unknown): boolean {
  return holdsMatch(value, CONTROL, 0);
}

/** True when any string in the value holds NUL, the one character PostgreSQL cannot store (vendor payloads keep other text as sent). */
export function holdsNul(value: unknown): boolean {
  return holdsMatch(value, NUL, 0);
}

function holdsMatch(value: unknown, pattern: RegExp, depth: number): boolean {
  if (typeof value === "string") return pattern.test(value);
  if (value === null || typeof value !== "object") return false;
  // Nesting this deep is itself not a real payload; refusing it also bounds the recursion.
  if (depth > 64) return true;
  if (Array.isArray(value)) return value.some((item) => holdsMatch(item, pattern, depth + 1));
  return Object.entries(value).some(([key, item]) => pattern.test(key) || holdsMatch(item, pattern, depth + 1));
}
