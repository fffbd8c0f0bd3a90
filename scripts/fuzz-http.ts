// The full fuzz run against a running server (see tests/harness/http-fuzz.ts):
//   npx tsx scripts/fuzz-http.ts --port 3000 [--count 10000] [--seed 20261123] [--key sk_live_…] [--test-key sk_test_…]
// A merchant's keys (api_key and test_api_key from `npm run otpctl -- merchant create …
// --rate-limit 100000 --json`) let the generated /v3 requests get past authentication,
// the test key as far as the /v3/test endpoints. Prints a summary and the
// first problems; exits 1 when any request got a 5xx, or a /v3 request an answer
// that is not the envelope or has no X-Request-Id.
import { runFuzz } from "../tests/harness/http-fuzz";

function option(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const port = Number(option("port", "3000"));
const count = Number(option("count", "10000"));
const seed = Number(option("seed", "20261123"));
const started = Date.now();
const report = await runFuzz({ port, count, seed, apiKey: option("key"), testApiKey: option("test-key"), concurrency: Number(option("concurrency", "6")) });
const kinds: Record<string, number> = {};
for (const p of report.problems) kinds[p.kind] = (kinds[p.kind] ?? 0) + 1;
console.log(JSON.stringify({ seed, sent: report.sent, seconds: Math.round((Date.now() - started) / 1000), by_area: report.byArea, by_status: report.byStatus, problems: kinds }, null, 2));
for (const p of report.problems.slice(0, 20)) {
  console.log(JSON.stringify({ kind: p.kind, method: p.case.method, target: p.case.target.slice(0, 120), headers: p.case.headers, body: p.case.body.slice(0, 200), status: p.answer?.status, answer: p.answer?.body.slice(0, 200) }));
}
process.exit(report.problems.length ? 1 : 0);
