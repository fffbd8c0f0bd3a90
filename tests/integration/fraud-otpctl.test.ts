// The fraud guard's operator commands, as operators type them (otpctl's command line, run in this process).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { CLI_TEST_TIMEOUT_MS, otpctl, otpctlJson } from "../harness/otpctl";


describe("otpctl and the fraud guard", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("merchant create starts at FRAUD_GUARD_DEFAULT (standard unless set)", async () => {
    const standard = await otpctlJson(["merchant", "create", "--name", "Toko", "--email", "default@x.id"], { FRAUD_GUARD_DEFAULT: undefined });
    expect((await otpctlJson(["merchant", "show", standard.merchant_id])).fraud_guard).toBe("standard");
    const off = await otpctlJson(["merchant", "create", "--name", "Toko", "--email", "off@x.id"], { FRAUD_GUARD_DEFAULT: "off" });
    expect((await otpctlJson(["merchant", "show", off.merchant_id])).fraud_guard).toBe("off");
  });

  it("merchant show prints geo_permissions and fraud_guard; merchant update --geo and --fraud-guard change them", async () => {
    const { merchant_id } = await otpctlJson(["merchant", "create", "--name", "Toko", "--email", "geo@x.id"], { FRAUD_GUARD_DEFAULT: "standard" });
    expect(await otpctlJson(["merchant", "show", merchant_id])).toMatchObject({
      geo_permissions: { sms: ["62"], voice: ["62"], misscall: ["62"], whatsapp: ["*"] },
      fraud_guard: "standard",
    });
    const updated = await otpctlJson(["merchant", "update", merchant_id, "--geo", "sms=62,60,65", "--geo", "voice=62", "--fraud-guard", "max"]);
    expect(updated).toMatchObject({ geo_permissions: { sms: ["62", "60", "65"], voice: ["62"], misscall: ["62"], whatsapp: ["*"] }, fraud_guard: "max" });
    const bad = await otpctl(["merchant", "update", merchant_id, "--geo", "sms=+62", "--json"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--geo/);
    expect((await otpctl(["merchant", "update", merchant_id, "--fraud-guard", "paranoid", "--json"])).stderr).toMatch(/--fraud-guard/);
  });

  it("fraud blocks lists the block log and fraud unblock lifts a prefix", async () => {
    const { merchant_id } = await otpctlJson(["merchant", "create", "--name", "Toko", "--email", "blocks@x.id"]);
    const db = await getDb();
    const m = await db.merchant.findUniqueOrThrow({ where: { merchantId: merchant_id } });
    await db.fraudBlock.create({
      data: { merchantId: m.id, reason: "prefix_spike", prefix: "62899", channel: "sms", expiresAt: new Date(Date.now() + 15 * 60_000), blocked: 4, windowCreations: 13, windowVerified: 0, expected: 1 },
    });
    const { blocks } = await otpctlJson(["fraud", "blocks", "--merchant", merchant_id]);
    expect(blocks).toEqual([
      expect.objectContaining({ reason: "prefix_spike", prefix: "62899", channel: "sms", blocked: 4, window_creations: 13, window_verified: 0, expected: 1, active: true, unblocked_at: null }),
    ]);
    expect(await otpctlJson(["fraud", "unblock", "--merchant", merchant_id, "--prefix", "62899"])).toEqual({ prefix: "62899", lifted_blocks: 1 });
    expect((await otpctlJson(["fraud", "blocks", "--merchant", merchant_id])).blocks[0]).toMatchObject({ active: false, unblocked_at: expect.any(String) });
    const missing = await otpctl(["fraud", "blocks", "--merchant", "mch_nope", "--json"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/tidak ditemukan/);
  });

  it("fraud blocks and unblock take --mode test: the test world's log is its own", async () => {
    const { merchant_id } = await otpctlJson(["merchant", "create", "--name", "Toko", "--email", "modes@x.id"]);
    const db = await getDb();
    const live = await db.merchant.findUniqueOrThrow({ where: { merchantId: merchant_id }, include: { testWorld: true } });
    await db.fraudBlock.create({ data: { merchantId: live.testWorld!.id, reason: "verified_nothing", prefix: "62812", channel: "sms", expiresAt: new Date(Date.now() + 15 * 60_000) } });
    expect((await otpctlJson(["fraud", "blocks", "--merchant", merchant_id])).blocks).toEqual([]);
    expect((await otpctlJson(["fraud", "blocks", "--merchant", merchant_id, "--mode", "test"])).blocks[0]).toMatchObject({ reason: "verified_nothing", prefix: "62812", active: true });
    expect(await otpctlJson(["fraud", "unblock", "--merchant", merchant_id, "--prefix", "62812", "--mode", "test"])).toEqual({ prefix: "62812", lifted_blocks: 1 });
    // The operator's change to the test world is audited under the live account.
    expect((await otpctlJson(["audit", merchant_id]))[0]).toMatchObject({ actor_type: "operator", action: "fraud.unblock", target: "62812", after: { lifted_blocks: 1 } });
  });

  it("fraud safe|block list|add|remove manage each world's lists", async () => {
    const { merchant_id } = await otpctlJson(["merchant", "create", "--name", "Toko", "--email", "lists@x.id"]);
    expect(await otpctlJson(["fraud", "safe", "add", "081234567890", "--merchant", merchant_id])).toMatchObject({ value: "6281234567890", created_by: "operator" });
    expect(await otpctlJson(["fraud", "block", "add", "62899*", "--merchant", merchant_id, "--mode", "test"])).toMatchObject({ value: "62899*" });
    expect((await otpctlJson(["fraud", "safe", "list", "--merchant", merchant_id])).entries).toEqual([expect.objectContaining({ value: "6281234567890" })]);
    expect((await otpctlJson(["fraud", "block", "list", "--merchant", merchant_id])).entries).toEqual([]);
    expect((await otpctlJson(["fraud", "block", "list", "--merchant", merchant_id, "--mode", "test"])).entries).toEqual([expect.objectContaining({ value: "62899*" })]);
    expect(await otpctlJson(["fraud", "block", "remove", "62899*", "--merchant", merchant_id, "--mode", "test"])).toEqual({ value: "62899*", removed: true });
    expect((await otpctlJson(["audit", merchant_id])).map((r: { action: string; target: string; before: unknown; after: unknown }) => [r.action, r.target, r.before, r.after])).toEqual([
      ["fraud.list.remove", "62899*", { list: "block", mode: "test" }, { list: null }],
      ["fraud.list.add", "62899*", { list: null }, { list: "block", mode: "test" }],
      ["fraud.list.add", "6281234567890", { list: null }, { list: "safe", mode: "live" }],
    ]);
    const bad = await otpctl(["fraud", "block", "add", "62-812", "--merchant", merchant_id, "--json"]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/prefix diakhiri \*/);
    expect((await otpctl(["fraud", "safe", "purge", "--merchant", merchant_id, "--json"])).stderr).toMatch(/list, add or remove/);
  });
});
