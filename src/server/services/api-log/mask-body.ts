// What the API log keeps of a request body: the JSON as sent, with the code and
// anything secret replaced, cut to a readable size. Destinations stay: they are the
// merchant's own data, masked later by personal-data retention like every OTP's.
// The end user's `signals` (IP, device id, user agent) are not: the fraud guard keeps
// only keyed hashes of them, in Redis, for minutes, so the log keeps none of them.
const MASK = "••••";
const MAX_STORED = 2000;
/** `otp` is the code of /v3/send and /v3/verify, `signals` the end user's fraud context; the rest are names a secret could go by. */
const SECRET_FIELD = /^(otp|code|pin|signals)$|secret|password|passwd|token|api_?key|authorization|signature/i;

function masked(value: unknown, depth: number): unknown {
  if (depth > 8) return MASK;
  if (Array.isArray(value)) return value.map((v) => masked(v, depth + 1));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_FIELD.test(k) ? MASK : masked(v, depth + 1)]));
  }
  return value;
}

/** The body to store, or null when there was none (a GET, or a body that was not JSON). */
export function maskRequestBody(body: unknown): string | null {
  if (body === undefined) return null;
  const text = JSON.stringify(masked(body, 0));
  if (text.length <= MAX_STORED) return text;
  // Never half of a surrogate pair (an emoji): the writer's JSON would carry it as an escape PostgreSQL refuses.
  const high = text.charCodeAt(MAX_STORED - 1);
  const cut = high >= 0xd800 && high <= 0xdbff ? MAX_STORED - 1 : MAX_STORED;
  return `${text.slice(0, cut)}…`;
}
