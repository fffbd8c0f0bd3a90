// The ranges and limits the docs/ pages state, read back from the constants the code
// enforces: a limit changed in code fails here until its page says the new number.
// (The /docs page and the OpenAPI document build their texts from the constants.)
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PHONE_DIGITS } from "@/schemas/v3/destination";
import { MAX_INSIGHTS_DAYS } from "@/schemas/v3/insights";
import { BRAND_MAX, EXTERNAL_ID_MAX, FALLBACK_AFTER_SECONDS, IDEMPOTENCY_WINDOW_HOURS, MISSCALL_CODE_LENGTH, OTP_LENGTH, TTL_SECONDS, VOICE_CODE_LENGTH } from "@/schemas/v3/otp-limits";
import { TEST_MESSAGES_LIMIT } from "@/schemas/v3/test-mode";
import { TOPUP_VALIDITY_HOURS } from "@/schemas/v3/topups";
import { MAX_BODY_BYTES } from "@/server/envelope.mjs";
import { DEFAULT_RATE_LIMIT } from "@/schemas/v3/default-rate-limit";
import { maxAttemptsFor } from "@/server/services/otp/otp-rules";
import { ROUTE_PRIORITY, ROUTE_REFRESH_MS, ROUTE_WEIGHT } from "@/schemas/vendor-routes";
import { LEASE_INTERVALS, LEASE_MIN_SECONDS, MIN_SETTLED, MIN_Z, RELATIVE_GAP } from "@/server/services/routing/routing-settings";

/** The page's text with line breaks and indentation folded into single spaces, so a sentence can wrap anywhere. */
const page = (name: string) => readFileSync(path.join("docs", name), "utf8").replace(/\s+/g, " ");

const cases: [string, string][] = [
  ["otp-rules.md", `clamped (${OTP_LENGTH.min}–${OTP_LENGTH.max}, ${TTL_SECONDS.min}–${TTL_SECONDS.max} s)`],
  ["otp-rules.md", `\`voice\` is always ${VOICE_CODE_LENGTH} digits; \`misscall\` is the trailing ${MISSCALL_CODE_LENGTH} digits`],
  ["otp-rules.md", `digits only, ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} of them`],
  ["otp-rules.md", `at the limit (${maxAttemptsFor("sms")}; misscall ${maxAttemptsFor("misscall")}; voice ${maxAttemptsFor("voice")})`],
  ["otp-rules.md", `claimed for ${IDEMPOTENCY_WINDOW_HOURS} hours`],
  ["otp-lifecycle.md", `${FALLBACK_AFTER_SECONDS.min}–${FALLBACK_AFTER_SECONDS.max}, default ${FALLBACK_AFTER_SECONDS.default}`],
  ["test-mode.md", `\`limit\`, ${TEST_MESSAGES_LIMIT.min}–${TEST_MESSAGES_LIMIT.max}, default ${TEST_MESSAGES_LIMIT.default}`],
  ["topups.md", `Creation + ${TOPUP_VALIDITY_HOURS} hours`],
  ["api-notes.md", `brand > ${BRAND_MAX} or external_id > ${EXTERNAL_ID_MAX} characters`],
  ["api-notes.md", `body over ${MAX_BODY_BYTES / 1024} KB`],
  ["api-notes.md", `over ${DEFAULT_RATE_LIMIT} req/s per key`],
  ["insights.md", `at most **${MAX_INSIGHTS_DAYS} days**`],
  ["routing.md", `the routes with at least ${MIN_SETTLED} settled sends are judged`],
  ["routing.md", `under ${Math.round((1 - RELATIVE_GAP) * 100)} % of the best's (a relative gap of ${Math.round(RELATIVE_GAP * 100)} %)`],
  ["routing.md", `gives z ≥ ${MIN_Z}`],
  ["routing.md", `A lease lasts max(${LEASE_MIN_SECONDS} s, ${LEASE_INTERVALS} × \`ROUTING_REFRESH_SECONDS\`)`],
  ["routing.md", `a lease on computing them lasts max(${LEASE_MIN_SECONDS} s, ${LEASE_INTERVALS} × this)`],
  ["insights.md", `reached the limit (${maxAttemptsFor("sms")}; misscall ${maxAttemptsFor("misscall")})`],
  ["routing.md", `| \`priority\` | ${ROUTE_PRIORITY.min}–${ROUTE_PRIORITY.max}, default ${ROUTE_PRIORITY.default};`],
  ["routing.md", `| \`weight\` | ${ROUTE_WEIGHT.min}–${ROUTE_WEIGHT.max}, default ${ROUTE_WEIGHT.default};`],
  ["routing.md", `when the copy is older than **${ROUTE_REFRESH_MS / 1000} s**`],
  ["otpctl.md", `reaches all instances within about ${ROUTE_REFRESH_MS / 1000} s`],
];

describe("numbers in docs/", () => {
  it.each(cases)("%s says %s, as the constants have it", (name, sentence) => {
    expect(page(name)).toContain(sentence);
  });
});
