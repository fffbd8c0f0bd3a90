import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureEmbeddedPostgres } from "@/dev/embedded-postgres";
import pg from "pg";
import { CLI_TEST_TIMEOUT_MS, otpctl, otpctlJson, otpctlProcess, otpctlProcessJson } from "../harness/otpctl";
import { createScratchDatabase } from "../harness/scratch-database";

// The commands run in this process (otpctl), except where the binary itself is the point:
// its output and exit status as a script sees them, and how it finds its database
// (otpctlProcess, a few seconds a call on a busy 2-core machine).
describe("otpctl", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("merchant create prints exactly merchant_id, key_id, api_key and test_api_key as one JSON document", async () => {
    const out = await otpctlProcessJson(["merchant", "create", "--name", "Toko", "--email", "toko@x.id", "--saldo", "1000"]);
    expect(Object.keys(out).sort()).toEqual(["api_key", "key_id", "merchant_id", "test_api_key"]);
    expect(out.api_key).toMatch(/^sk_live_[A-Za-z0-9]{40}$/);
    expect(out.test_api_key).toMatch(/^sk_test_[A-Za-z0-9]{40}$/);
    const shown = await otpctlProcessJson(["merchant", "show", out.merchant_id]);
    expect(shown).toMatchObject({ merchant_id: out.merchant_id, name: "Toko", email: "toko@x.id", saldo: 1000, rate_limit: 20, ip_allowlist: "", webhook_url: null });
    expect(shown.prices.sms).toBe(450);
    expect(JSON.stringify(shown)).not.toContain(out.api_key);
  });

  it("merchant credit accepts negative amounts as --amount -500 and --amount=-500", async () => {
    const { merchant_id } = await otpctlJson(["merchant", "create", "--name", "A", "--email", "a@x.id", "--saldo", "2000"]);
    expect(await otpctlJson(["merchant", "credit", merchant_id, "--amount", "-500", "--reason", "koreksi"])).toEqual({ saldo: 1500 });
    expect(await otpctlJson(["merchant", "credit", merchant_id, "--amount=-500", "--reason", "koreksi"])).toEqual({ saldo: 1000 });
    expect(await otpctlJson(["merchant", "credit", merchant_id, "--amount", "250", "--reason", "promo"])).toEqual({ saldo: 1250 });
  });

  it("merchant update sets limits, allowlist, prices and brand, and prints webhook_secret once a webhook URL is set", async () => {
    const { merchant_id } = await otpctlJson(["merchant", "create", "--name", "A", "--email", "a@x.id"]);
    const out = await otpctlJson([
      "merchant", "update", merchant_id, "--rate-limit", "50", "--ip-allowlist", "203.0.113.5, 198.51.100.7",
      "--price", "sms=400", "--price", "voice=900", "--brand", "Maju", "--brand-email", "otp@maju.id", "--webhook-url", "http://127.0.0.1:9999/hook",
    ]);
    expect(out).toMatchObject({ rate_limit: 50, ip_allowlist: "203.0.113.5, 198.51.100.7", brand_name: "Maju", brand_email: "otp@maju.id", webhook_url: "http://127.0.0.1:9999/hook" });
    expect(out.prices).toMatchObject({ sms: 400, voice: 900, whatsapp: 350 });
    expect(out.webhook_secret).toMatch(/^whsec_/);
  });

  it("merchant update --webhook-events chooses the endpoint's event types; merchant show prints webhook_events", async () => {
    const { merchant_id } = await otpctlJson(["merchant", "create", "--name", "A", "--email", "a@x.id"]);
    expect(await otpctlJson(["merchant", "show", merchant_id])).toMatchObject({ webhook_url: null, webhook_events: null });
    const noUrl = await otpctl(["merchant", "update", merchant_id, "--webhook-events", "otp.sent", "--json"]);
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toMatch(/--webhook-events/);
    await otpctlJson(["merchant", "update", merchant_id, "--webhook-url", "http://127.0.0.1:9/hook"]);
    expect(await otpctlJson(["merchant", "show", merchant_id])).toMatchObject({ webhook_events: ["otp.verified"] });
    const out = await otpctlJson(["merchant", "update", merchant_id, "--webhook-events", "otp.verified,otp.delivered"]);
    expect(out).toMatchObject({ webhook_events: ["otp.delivered", "otp.verified"] });
    const unknown = await otpctl(["merchant", "update", merchant_id, "--webhook-events", "otp.sent,otp.bogus", "--json"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--webhook-events/);
    expect(await otpctlJson(["merchant", "show", merchant_id])).toMatchObject({ webhook_events: ["otp.delivered", "otp.verified"] });
  });

  it("key create and key revoke print their JSON", async () => {
    const { merchant_id } = await otpctlJson(["merchant", "create", "--name", "A", "--email", "a@x.id"]);
    const key = await otpctlJson(["key", "create", merchant_id]);
    expect(Object.keys(key).sort()).toEqual(["api_key", "key_id", "mode"]);
    expect(key).toMatchObject({ mode: "live", api_key: expect.stringMatching(/^sk_live_/) });
    expect(await otpctlJson(["key", "revoke", key.key_id])).toEqual({ key_id: key.key_id, revoked: true });
    const testKey = await otpctlJson(["key", "create", merchant_id, "--mode", "test"]);
    expect(testKey).toMatchObject({ mode: "test", api_key: expect.stringMatching(/^sk_test_/) });
  });

  it("test mode from the command line: --mode test credits the test saldo and sets the test webhook; merchant show prints both", async () => {
    const { merchant_id } = await otpctlJson(["merchant", "create", "--name", "Uji", "--email", "uji@x.id", "--saldo", "700"]);
    expect(await otpctlJson(["merchant", "credit", merchant_id, "--amount", "-1000", "--reason", "uji", "--mode", "test"])).toEqual({ saldo: 999_000 });
    await otpctlJson(["merchant", "update", merchant_id, "--mode", "test", "--webhook-url", "http://127.0.0.1:9/test-hook"]);
    await otpctlJson(["merchant", "update", merchant_id, "--webhook-url", "http://127.0.0.1:9/live-hook"]);
    expect(await otpctlJson(["merchant", "show", merchant_id])).toMatchObject({
      saldo: 700,
      test_saldo: 999_000,
      webhook_url: "http://127.0.0.1:9/live-hook",
      test_webhook_url: "http://127.0.0.1:9/test-hook",
    });
    const bad = await otpctl(["merchant", "credit", merchant_id, "--amount", "5", "--reason", "x", "--mode", "sandbox", "--json"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--mode must be live or test/);
  });

  it("channel disable and enable print the channel and its state", async () => {
    expect(await otpctlJson(["channel", "disable", "sms"])).toEqual({ channel: "sms", enabled: false });
    expect(await otpctlJson(["channel", "enable", "sms"])).toEqual({ channel: "sms", enabled: true });
  });

  it("fails with a clear message on stderr, nothing on stdout and a non-zero exit for bad arguments", async () => {
    const cases: [string[], RegExp][] = [
      [["merchant", "create", "--name", "A"], /--email is required/],
      [["merchant", "create", "--name", "A", "--email", "not-an-email"], /email/],
      [["merchant", "credit", "mch_x", "--amount", "ten", "--reason", "r"], /--amount must be an integer/],
      [["merchant", "update", "mch_missing", "--rate-limit", "5"], /tidak ditemukan/],
      [["channel", "disable", "fax"], /unknown channel "fax"/],
      [["merchant", "create", "--name", "A", "--email", "a@x.id", "--ip-allowlist", "10.0.0.0/8"], /CIDR/],
      [["frobnicate"], /unknown command/],
      [["merchant", "create", "--name", "A", "--email", "a@x.id", "--colour", "red"], /unknown option --colour/],
    ];
    for (const [args, message] of cases) {
      const result = await otpctl([...args, "--json"]);
      expect(result.code, args.join(" ")).not.toBe(0);
      expect(result.stdout, args.join(" ")).toBe("");
      expect(result.stderr, args.join(" ")).toMatch(message);
    }
  });

  it("names the flag, not the service's field, when a value is refused, and exits 2 like any usage error", async () => {
    for (const [args, message] of [
      [["merchant", "create", "--name", "A", "--email", "a@x.id", "--rate-limit", "-5"], /^otpctl: --rate-limit: /],
      [["merchant", "create", "--name", "A", "--email", "a@x.id", "--saldo", "-1"], /^otpctl: --saldo: /],
      [["merchant", "create", "--name", "A", "--email", "a@x.id", "--brand", "b".repeat(51)], /^otpctl: --brand: /],
    ] as const) {
      const result = await otpctlProcess([...args, "--json"]);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr, args.join(" ")).toMatch(message);
    }
  });

  it("does not migrate a configured DATABASE_URL as a side effect of another command: it says to run migrate", async () => {
    const scratch = await createScratchDatabase();
    try {
      const refused = await otpctlProcess(["merchant", "show", "mch_x", "--json"], { DATABASE_URL: scratch.url });
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe("");
      expect(refused.stderr).toMatch(/lacks \d+ migration\(s\) .*Run `otpctl migrate`/);
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      const { rows } = await client.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'");
      await client.end();
      expect(rows[0].n).toBe(0);
      expect((await otpctlProcessJson(["migrate"], { DATABASE_URL: scratch.url })).applied.length).toBeGreaterThan(0);
      expect((await otpctlProcessJson(["merchant", "create", "--name", "A", "--email", "a@x.id"], { DATABASE_URL: scratch.url })).merchant_id).toMatch(/^mch_/);
    } finally {
      await scratch.drop();
    }
  });

  it("migrate reports what it applied and is idempotent", async () => {
    const out = await otpctlJson(["migrate"]);
    expect(out.applied).toEqual([]);
    expect(out.alreadyApplied.length).toBeGreaterThan(0);
  });

  it("uses the running embedded server of DATA_DIR and leaves it running; starts and stops one when none runs", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sandi-otpctl-"));
    const env = { DATABASE_URL: undefined, DATA_DIR: dataDir };
    try {
      // No server yet: otpctl starts one for the command and stops it afterwards.
      const created = await otpctlProcessJson(["merchant", "create", "--name", "A", "--email", "a@x.id"], env);
      expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
      // A server runs (as under `npm start`): otpctl attaches to it and leaves it running.
      const server = await ensureEmbeddedPostgres(dataDir);
      try {
        const pidBefore = readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0];
        const shown = await otpctlProcessJson(["merchant", "show", created.merchant_id], env);
        expect(shown.email).toBe("a@x.id");
        expect(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]).toBe(pidBefore);
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
