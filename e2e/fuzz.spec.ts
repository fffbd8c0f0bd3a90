// Generated bad requests against the real server (tests/harness/http-fuzz.ts), with a
// fixed seed and a small count; scripts/fuzz-http.ts runs the same at full size.
import { expect, test } from "@playwright/test";
import { runFuzz } from "../tests/harness/http-fuzz";
import { otpctl } from "./support/otpctl";

test("generated bad requests to /v3 (test endpoints included; NUL and lone surrogates in every field and query), the vendor callbacks, tRPC and next-auth get no 5xx, and every /v3 answer is the envelope with X-Request-Id", async ({ baseURL }) => {
  test.setTimeout(300_000);
  const merchant = otpctl<{ api_key: string; test_api_key: string }>("merchant", "create", "--name", "Toko Fuzz", "--email", `fuzz-${Date.now()}@toko.test`, "--saldo", "100000", "--rate-limit", "100000");
  const report = await runFuzz({ port: Number(new URL(baseURL!).port), seed: 20261123, count: 400, apiKey: merchant.api_key, testApiKey: merchant.test_api_key });
  expect(report.sent).toBe(400);
  expect(Object.keys(report.byArea).sort()).toEqual(["auth", "hooks", "trpc", "v3"]);
  expect(report.problems.map((p) => ({ kind: p.kind, method: p.case.method, target: p.case.target, status: p.answer?.status, body: p.answer?.body.slice(0, 200) }))).toEqual([]);
});
