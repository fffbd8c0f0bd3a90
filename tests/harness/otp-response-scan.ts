// The OTP calls of v3-fixtures, recording every response body, and a check that
// none of them carries a delivered code, a calling number, a code hash or an
// idempotency fingerprint. `scanEveryResponse()` in an OTP test file checks after
// each test (before the next one empties the database) every response that test
// received, so every flow of the file is scanned, not just one chosen flow.
import { afterAll, afterEach, expect } from "vitest";
import { getDb } from "@/server/db/client";
import * as fixtures from "./v3-fixtures";

const recorded: { call: string; body: unknown }[] = [];

function recording<A extends unknown[], R extends { body: unknown }>(call: string, fn: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    const res = await fn(...args);
    recorded.push({ call, body: res.body });
    return res;
  };
}

export const requestOtp = recording("POST /v3/request", fixtures.requestOtp);
export const sendOtp = recording("POST /v3/send", fixtures.sendOtp);
export const verify = recording("POST /v3/verify", fixtures.verify);
export const getOtpDetail = recording("GET /v3/otp", fixtures.getOtpDetail);

/** Creates an OTP (an SMS to PHONE unless `body` says otherwise) and returns its otp_id with the recorded response. */
export async function createdOtp(key: string, body: Record<string, unknown> = { channel: "sms", destination: fixtures.PHONE }) {
  const res = await requestOtp(key, body);
  return { otpId: res.body.data!.otp_id as string, res };
}

/** Fields that are digit-bearing by design (ids, WIB times, integer amounts); a short code could collide with them by chance. */
const DIGITS_BY_DESIGN = new Set(["otp_id", "existing_otp_id", "expires_at", "verified_at", "price", "last_balance", "attempts", "otp_length"]);

type Finding = { call: string; path: string; what: string };

function scan(value: unknown, path: string, secrets: { codes: Set<string>; long: string[] }, call: string, out: Finding[]): void {
  const key = path.split(".").pop() ?? "";
  if (Array.isArray(value)) return value.forEach((v, i) => scan(v, `${path}.${i}`, secrets, call, out));
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) scan(v, path ? `${path}.${k}` : k, secrets, call, out);
    return;
  }
  const text = typeof value === "string" || typeof value === "number" ? String(value) : null;
  if (text === null) return;
  for (const secret of secrets.long) if (text.includes(secret)) out.push({ call, path, what: "a calling number, code hash or fingerprint" });
  if (DIGITS_BY_DESIGN.has(key)) return;
  // A code is a whole run of digits wherever it appears (a longer run, like a phone number, is not it).
  for (const run of text.match(/\d+/g) ?? []) if (secrets.codes.has(run)) out.push({ call, path, what: `delivered code ${run}` });
}

const totals = { bodies: 0, codes: 0 };

/** The responses recorded since the last check, against every code the sandbox delivered in the test's database. */
async function expectNoSecretInRecordedResponses(): Promise<void> {
  const db = await getDb();
  const messages = await db.sandboxMessage.findMany({ select: { code: true, caller: true } });
  const otps = await db.otpTransaction.findMany({ select: { codeHash: true, fingerprint: true } });
  const secrets = {
    codes: new Set(messages.map((m) => m.code).filter((c) => c !== "")),
    long: [...messages.map((m) => m.caller), ...otps.flatMap((o) => [o.codeHash, o.fingerprint])].filter((s): s is string => !!s),
  };
  const findings: Finding[] = [];
  for (const { call, body } of recorded.splice(0)) {
    totals.bodies += 1;
    scan(body, "", secrets, call, findings);
  }
  totals.codes += secrets.codes.size;
  expect(findings).toEqual([]);
}

export function scanEveryResponse(): void {
  afterEach(expectNoSecretInRecordedResponses);
  afterAll(() => {
    expect(totals.bodies, "no responses were recorded: the scan would prove nothing").toBeGreaterThan(0);
    expect(totals.codes, "no delivered codes to look for").toBeGreaterThan(0);
  });
}
