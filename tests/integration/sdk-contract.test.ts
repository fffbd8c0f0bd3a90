// The SDKs (TypeScript, PHP, Python) against a live Sandi: /v3 served over HTTP as `npm start` serves it, on this
// file's database, and each SDK's own contract suite (sdk/*/test) run as a merchant's
// code would run it. Every error code of the OpenAPI document must be provoked and seen
// as its class by each suite. PHP comes from Debian (`npm test` installs php-cli and
// php-curl when this shell may); without it the PHP suite is skipped with the reason printed.
import { execFile, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/server/openapi/document";
import { errorCodesOf } from "../../scripts/sdk/codegen";
import { overrideEnv } from "../harness/env-override";
import { startLiveV3Server } from "../harness/live-v3-server";
import { deliverWebhooksInBackground, sdkSuiteEnv, startWebhookInbox, type Inbox } from "../harness/sdk-fixtures";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const DISABLED_CHANNEL = "voice" as const;

let server: Awaited<ReturnType<typeof startLiveV3Server>>;
let inbox: Inbox;
let stopDelivering: () => Promise<void>;
let restoreEnv: () => void;

beforeAll(async () => {
  // Live top-ups go to a payment gateway that is down (nothing listens on port 9): INTERNAL_ERROR.
  restoreEnv = overrideEnv({ XENDIT_SECRET_KEY: "xnd_development_sdk", XENDIT_CALLBACK_TOKEN: "cb_token", XENDIT_API_BASE_URL: "http://127.0.0.1:9" });
  server = await startLiveV3Server();
  inbox = await startWebhookInbox();
  stopDelivering = deliverWebhooksInBackground();
});

afterAll(async () => {
  await stopDelivering?.();
  await inbox?.close();
  await server?.close();
  restoreEnv?.();
});

const everyCode = () => errorCodesOf(buildOpenApiDocument()).map((c) => c.code).sort();

/** Runs a suite; returns the codes it covered. Its output is shown when it fails. */
async function suite(command: string, args: string[], env: Record<string, string>): Promise<string[]> {
  const result = await run(command, args, { cwd: root, env: { ...process.env, ...env }, timeout: 90_000, maxBuffer: 10 << 20 }).catch((err) => {
    throw new Error(`${command} ${args.join(" ")} failed:\n${err.stdout}\n${err.stderr}`);
  });
  expect(result.stdout, result.stdout).not.toMatch(/^not ok/m);
  return [...result.stdout.matchAll(/^covers (\w+)$/gm)].map((m) => m[1]).sort();
}

describe("the TypeScript SDK (sdk/typescript) against a live server", () => {
  beforeAll(async () => {
    await run(process.execPath, ["sdk/typescript/build.mjs"], { cwd: root });
  }, 120_000);

  it("passes its contract suite, covering every /v3 error code", async () => {
    const covered = await suite(process.execPath, ["sdk/typescript/test/contract.mjs"], await sdkSuiteEnv(server.baseUrl, inbox, DISABLED_CHANNEL));
    expect(covered).toEqual(everyCode());
  }, 90_000);

  it("packs with npm pack, installs into an empty project (ESM, CommonJS and types) and runs its quick start", async () => {
    const project = mkdtempSync(path.join(os.tmpdir(), "sandi-sdk-quickstart-"));
    try {
      // dist/ was built above; packing without the prepack build keeps this test short.
      const packed = await run("npm", ["pack", "--ignore-scripts", "--pack-destination", project], { cwd: path.join(root, "sdk/typescript") });
      const tarball = path.join(project, packed.stdout.trim().split("\n").pop()!);
      writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "quickstart-check", private: true, type: "module" }));
      await run("npm", ["install", tarball, "--offline", "--no-audit", "--no-fund"], { cwd: project });
      copyFileSync(path.join(root, "sdk/typescript/examples/quickstart.mjs"), path.join(project, "quickstart.mjs"));
      const env = await sdkSuiteEnv(server.baseUrl, inbox, DISABLED_CHANNEL);
      const quickstart = await run(process.execPath, ["quickstart.mjs"], { cwd: project, env: { ...process.env, ...env } });
      expect(quickstart.stdout).toMatch(/^sent OTP\w+, status sent$/m);
      expect(quickstart.stdout).toMatch(/^verified: true$/m);
      const cjs = await run(process.execPath, ["-e", 'const { Sandi, RateLimitedError, SandiError } = require("@sandi/node"); console.log(typeof Sandi.webhooks.verify, new RateLimitedError({ code: "RATE_LIMITED", message: "", status: 429, requestId: null, retryAfter: 1 }) instanceof SandiError)'], { cwd: project });
      expect(cjs.stdout.trim()).toBe("function true");
      // The declarations resolve under Node's own ESM rules, as a merchant's TypeScript project sees them.
      // A code with details types them on its class: DUPLICATE_EXTERNAL_ID's existingOtpId is a string, no cast.
      const check = [
        'import { DuplicateExternalIdError, Sandi, type InsightsSummary, type OtpTransaction } from "@sandi/node";',
        'const s = new Sandi({ apiKey: "k", baseUrl: "http://x" });',
        'export const p: Promise<OtpTransaction> = s.otp.request({ channel: "sms", destination: "6281234567890", externalId: "a" });',
        'export const i: Promise<InsightsSummary> = s.insights.summary({ from: "2026-11-01", to: "2026-11-30", groupBy: "channel" });',
        "export const existing = (e: unknown): string | null => (e instanceof DuplicateExternalIdError ? e.details.existingOtpId : null);",
        "export const rate = (x: InsightsSummary): number => x.totals.conversionRate + x.groups[0].created;",
      ];
      writeFileSync(path.join(project, "check.ts"), check.join("\n") + "\n");
      await run(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext", "--types", "node", "--typeRoots", path.join(root, "node_modules/@types"), "check.ts"], { cwd: project }).catch((err) => {
        throw new Error(`tsc in the quick-start project: ${err.stdout}${err.stderr}`);
      });
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 180_000);
});

/** Why the PHP suite cannot run here, or null when `php` with ext-curl and ext-json is on the PATH. */
function phpMissing(): string | null {
  const probe = spawnSync("php", ["-r", 'echo function_exists("curl_init") && function_exists("json_encode") ? "ok" : "no";'], { encoding: "utf8" });
  if (probe.error) return "php is not installed (apt-get install -y php-cli php-curl)";
  if (probe.stdout !== "ok") return "php has no curl or json extension (apt-get install -y php-curl)";
  return null;
}

const noPhp = phpMissing();
if (noPhp) console.warn(`SKIPPED: the PHP SDK's contract suite (sdk/php): ${noPhp}`);

describe.skipIf(noPhp !== null)("the PHP SDK (sdk/php) against a live server", () => {
  it("has no PHP 8-only syntax, so it loads on PHP 7.4 (php -l and a grep for 8.x constructs)", async () => {
    await run("bash", ["sdk/php/tests/lint-php74.sh"], { cwd: root }).catch((err) => {
      throw new Error(`${err.stdout}\n${err.stderr}`);
    });
  });

  it("passes its contract suite, covering every /v3 error code", async () => {
    const covered = await suite("php", ["sdk/php/tests/contract.php"], await sdkSuiteEnv(server.baseUrl, inbox, DISABLED_CHANNEL));
    expect(covered).toEqual(everyCode());
  }, 90_000);
});

const python = spawnSync("python3", ["--version"], { encoding: "utf8" });
const noPython = python.error ? "python3 is not installed (apt-get install -y python3)" : null;
if (noPython) console.warn(`SKIPPED: the Python SDK's contract suite (sdk/python): ${noPython}`);

describe.skipIf(noPython !== null)("the Python SDK (sdk/python) against a live server", () => {
  it("passes its contract suite, covering every /v3 error code", async () => {
    const covered = await suite("python3", ["-B", "sdk/python/tests/contract.py"], await sdkSuiteEnv(server.baseUrl, inbox, DISABLED_CHANNEL));
    expect(covered).toEqual(everyCode());
  }, 90_000);
});
