// Operator recovery and reading (docs/teams.md): otpctl account reset-two-step clears
// a locked-out member's two-step after the operator's identity check and e-mails every
// owner; otpctl member list and otpctl audit print the account's members and log.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { createMerchant } from "@/server/services/merchants/merchants";
import { addMember, ownerUserId } from "../harness/members";
import { mailsTo } from "../harness/outbox";
import { CLI_TEST_TIMEOUT_MS, otpctl, otpctlJson } from "../harness/otpctl";
import { callerFor } from "../harness/trpc";
import { deliveredCode } from "../harness/v3-fixtures";

const PASSWORD = "kata-sandi-pemilik";

/** One JSON document on stdout, exit 0; stderr may carry the log line of an e-mail kept for the operator. */
async function runJson(args: string[]) {
  const result = await otpctl([...args, "--json"]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

describe("otpctl for teams", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("account reset-two-step needs the identity check, clears two-step, logs it and tells every owner", async () => {
    const m = await createMerchant({ name: "Toko Pulih", email: "pemilik@toko.test", password: PASSWORD });
    const devId = await addMember(m.merchant_id, "dev@toko.test", "developer", PASSWORD);
    const dev = callerFor({ userPublicId: devId, merchantPublicId: m.merchant_id });
    const sent = await dev.account.twoStepStart({ channel: "whatsapp", phone: "6281234561111", password: PASSWORD });
    await dev.account.twoStepConfirm({ otpId: sent.otp_id, code: await deliveredCode(sent.otp_id) });
    expect((await dev.account.twoStepStatus()).enabled).toBe(true);

    const refused = await otpctl(["account", "reset-two-step", "dev@toko.test", "--json"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--checked");
    expect((await dev.account.twoStepStatus()).enabled).toBe(true);

    const result = await runJson(["account", "reset-two-step", "DEV@toko.test", "--checked", "video call, KTP matches, asked from the address on file"]);
    expect(result).toEqual({ email: "dev@toko.test", two_step_was: "whatsapp", merchants: [m.merchant_id] });
    expect((await dev.account.twoStepStatus()).enabled).toBe(false);
    expect(await mailsTo("pemilik@toko.test", "Masuk dua langkah untuk dev@toko.test dimatikan oleh operator")).toHaveLength(1);

    const audit = await otpctlJson(["audit", m.merchant_id]);
    expect(audit[0]).toEqual({
      actor: "operator",
      actor_type: "operator",
      action: "two_step.reset",
      target: "dev@toko.test",
      before: { enabled: true, channel: "whatsapp" },
      after: { enabled: false, identity_check: "video call, KTP matches, asked from the address on file" },
      ip: null,
      user_agent: null,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(audit.map((r: { action: string }) => r.action)).toEqual(["two_step.reset", "two_step.enable"]);
    expect(audit[1]).toMatchObject({ actor: "dev@toko.test", ip: null });

    // Nothing to clear: nothing changes, nobody is e-mailed again.
    expect(await runJson(["account", "reset-two-step", "dev@toko.test", "--checked", "second call, same checks"])).toMatchObject({ two_step_was: null });
    expect(await mailsTo("pemilik@toko.test", "Masuk dua langkah untuk")).toHaveLength(1);
    const unknown = await otpctl(["account", "reset-two-step", "nobody@toko.test", "--checked", "video call, KTP matches", "--json"]);
    expect(unknown.code).toBe(1);
  });

  it("member list prints the members and roles; audit prints operator changes made with otpctl", async () => {
    const m = await createMerchant({ name: "Toko Daftar", email: "pemilik@toko.test", password: PASSWORD });
    await addMember(m.merchant_id, "keuangan@toko.test", "finance");
    const members = await otpctlJson(["member", "list", m.merchant_id]);
    expect(members.map((x: { email: string; role: string; user_id: string }) => [x.email, x.role, x.user_id.startsWith("usr_")])).toEqual([
      ["pemilik@toko.test", "owner", true],
      ["keuangan@toko.test", "finance", true],
    ]);
    expect(members[0].user_id).toBe(await ownerUserId(m.merchant_id));
    await otpctlJson(["merchant", "update", m.merchant_id, "--ip-allowlist", "203.0.113.9"]);
    const created = await otpctlJson(["key", "create", m.merchant_id]);
    const audit = await otpctlJson(["audit", m.merchant_id]);
    expect(audit.map((r: { action: string; actor: string }) => [r.action, r.actor])).toEqual([
      ["key.create", "operator"],
      ["allowlist.update", "operator"],
    ]);
    expect(audit[1]).toMatchObject({ before: { ip_allowlist: "" }, after: { ip_allowlist: "203.0.113.9" } });
    expect(JSON.stringify(audit)).not.toContain(created.api_key);
    const db = await getDb();
    expect(await db.auditLog.count()).toBe(2);
  });
});
