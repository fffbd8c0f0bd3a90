// The fraud guard's operator commands, run as operators run them (separate processes).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { CLI_TEST_TIMEOUT_MS, otpctl, otpctlJson } from "../harness/otpctl";


describe("otpctl and the fraud guard", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("merchant show prints geo_permissions and fraud_guard; merchant update --geo and --fraud-guard change them", async () => {
    const { merchant_id } = await otpctlJson(["merchant", "create", "--name", "Toko", "--email", "geo@x.id"]);
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
});
