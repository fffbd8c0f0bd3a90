// PostgreSQL text refuses NUL outright (the query fails, which surfaced as a 500),
// and the other C0 controls have no business in names, ids, URLs or addresses.
// Tab, line feed and carriage return stay allowed: they are ordinary in text.
//
// A lone UTF-16 surrogate (half of a pair, e.g. JSON "\udfff") is not text at all:
// encodeURIComponent throws on it and PostgreSQL stores it as U+FFFD, so the value
// read back is not the value given. Every input that reaches a service is refused
// when it holds one, naming where (see findLoneSurrogate).

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const NUL = /\u0000/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when any string in the value (object keys included), however deeply nested, holds a control character. */
export function holdsControlCharacter(value: unknown): boolean {
  return pathOfMatch(value, CONTROL, [], 0) !== null;
}

/** True when any string in the value holds NUL, the one character PostgreSQL cannot store (vendor payloads keep other text as sent). */
export function holdsNul(value: unknown): boolean {
  return pathOfMatch(value, NUL, [], 0) !== null;
}

/** Where the first control character sits ("signals.device_id", "" for the value itself), or null when there is none. */
export function findControlCharacter(value: unknown): string | null {
  return pathOfMatch(value, CONTROL, [], 0);
}

/** Where the first lone surrogate sits ("brand", "items.0", "" for the value itself), or null when there is none. */
export function findLoneSurrogate(value: unknown): string | null {
  return pathOfMatch(value, LONE_SURROGATE, [], 0);
}

function pathOfMatch(value: unknown, pattern: RegExp, path: string[], depth: number): string | null {
  if (typeof value === "string") return pattern.test(value) ? path.join(".") : null;
  if (value === null || typeof value !== "object") return null;
  // Nesting this deep is itself not a real payload; refusing it also bounds the recursion.
  if (depth > 64) return path.join(".");
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, i) => [String(i), item]) : Object.entries(value);
  for (const [key, item] of entries) {
    if (pattern.test(key)) return [...path, key].join(".");
    const found = pathOfMatch(item, pattern, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}
