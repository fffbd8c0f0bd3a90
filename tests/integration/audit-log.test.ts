// The audit log (docs/teams.md): every listed change made in the dashboard or with
// otpctl (an API key's: audit-log-api-key.test.ts) leaves exactly one row, in the
// change's own transaction, with the right before/after, who, from where, and never a
// secret; rows cannot be changed or deleted, outlive the retention jobs, and export as CSV.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { adjustBalance } from "@/server/services/credits/manual-adjustment";
import { purgeOldApiLog } from "@/server/services/api-log/purge-api-log";
import { operatorOn, recordAudit } from "@/server/services/audit/record-audit";
import { addListEntry, removeListEntry } from "@/server/services/fraud/lists";
import { createMerchant, updateMerchant } from "@/server/services/merchants/merchants";
import { findWorldOf } from "@/server/services/merchants/test-world";
import { purgePersonalData } from "@/server/services/retention/purge-personal-data";
import { purgeExpiredIdempotencyKeys, purgeOldWebhookEvents } from "@/server/services/retention/purge-expired-rows";
import { addToList, removeFromList } from "../harness/fraud-lists-api";
import { addMember, ownerUserId } from "../harness/members";
import { tokenMailedTo } from "../harness/outbox";
import { callerFor } from "../harness/trpc";
import { deliveredCode } from "../harness/v3-fixtures";

const PASSWORD = "kata-sandi-pemilik";

async function account() {
  const created = await createMerchant({ name: "Toko Audit", email: "pemilik@toko.test", password: PASSWORD });
  const userPublicId = await ownerUserId(created.merchant_id);
  const caller = callerFor({ userPublicId, merchantPublicId: created.merchant_id, clientIp: "203.0.113.44", userAgent: "Mozilla/5.0 (uji)" });
  return { ...created, caller };
}

async function rows(merchantId: number) {
  const db = await getDb();
  return db.auditLog.findMany({ where: { merchantId }, orderBy: { id: "asc" } });
}

/** Runs a change and returns the rows it added: exactly one is expected of every listed change. */
async function onlyRowOf(merchantId: number, change: () => Promise<unknown>) {
  const before = (await rows(merchantId)).length;
  const result = await change();
  const added = (await rows(merchantId)).slice(before);
  expect(added, JSON.stringify(added.map((r) => r.action))).toHaveLength(1);
  return { row: added[0], result };
}

function expectNoSecret(row: unknown, ...secrets: string[]) {
  const text = JSON.stringify(row, (_k, v) => (typeof v === "bigint" ? String(v) : v));
  for (const secret of secrets) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/whsec_|sk_live_[A-Za-z0-9]{20}|sk_test_[A-Za-z0-9]{20}|\$argon2/);
}

describe("every change leaves exactly one audit row", () => {
  it("API keys, webhook URL, events and secret, brand: who, what, before/after, IP and browser, no secret", async () => {
    const m = await account();
    const key = await onlyRowOf(m.id, () => m.caller.apiKeys.create({ name: "Server" }));
    const created = key.result as { key_id: string; api_key: string };
    expect(key.row).toMatchObject({ actorType: "member", actor: "pemilik@toko.test", action: "key.create", target: created.key_id, ip: "203.0.113.44", userAgent: "Mozilla/5.0 (uji)", after: { name: "Server", mode: "live" } });
    expectNoSecret(key.row, created.api_key);
    const revoked = await onlyRowOf(m.id, () => m.caller.apiKeys.revoke({ keyId: created.key_id }));
    expect(revoked.row).toMatchObject({ action: "key.revoke", target: created.key_id, before: { revoked: false }, after: { revoked: true } });

    const url = await onlyRowOf(m.id, () => m.caller.webhooks.setUrl({ url: "http://127.0.0.1:9/hook" }));
    expect(url.row).toMatchObject({ action: "webhook.url", target: "live", before: { url: null }, after: { url: "http://127.0.0.1:9/hook" } });
    const secret = (await m.caller.webhooks.revealSecret()).secret;
    expectNoSecret(url.row, secret);
    const events = await onlyRowOf(m.id, () => m.caller.webhooks.setEventTypes({ eventTypes: ["otp.verified", "otp.failed"] }));
    expect(events.row).toMatchObject({ action: "webhook.events", before: { events: ["otp.verified"] }, after: { events: ["otp.failed", "otp.verified"] } });
    const rotated = await onlyRowOf(m.id, () => m.caller.webhooks.rotateSecret());
    expect(rotated.row).toMatchObject({ action: "webhook.secret_rotate", target: "live" });
    expectNoSecret(rotated.row, secret, (rotated.result as { secret: string }).secret);

    const brand = await onlyRowOf(m.id, () => m.caller.account.updateBrand({ brandName: "Merek Baru", brandEmail: "" }));
    expect(brand.row).toMatchObject({ action: "brand.update", before: { brand_name: "Toko Audit" }, after: { brand_name: "Merek Baru" } });
  });

  it("allowlist and rate limit (otpctl's merchant update), geo and fraud settings, unblocks, saldo adjustments, top-ups", async () => {
    const m = await account();
    const allow = await onlyRowOf(m.id, () => updateMerchant(m.id, { ipAllowlist: "203.0.113.1" }));
    expect(allow.row).toMatchObject({ actorType: "operator", actor: "operator", action: "allowlist.update", before: { ip_allowlist: "" }, after: { ip_allowlist: "203.0.113.1" }, ip: null });
    const limit = await onlyRowOf(m.id, () => updateMerchant(m.id, { rateLimit: 50 }));
    expect(limit.row).toMatchObject({ action: "rate_limit.update", before: { rate_limit: null }, after: { rate_limit: 50 } });
    // Setting what is already set changes nothing and logs nothing.
    const unchanged = (await rows(m.id)).length;
    await updateMerchant(m.id, { rateLimit: 50 });
    expect(await rows(m.id)).toHaveLength(unchanged);

    const geo = await onlyRowOf(m.id, () => m.caller.fraud.updateSettings({ geoPermissions: { sms: ["62", "60"] } }));
    expect(geo.row).toMatchObject({ action: "geo.update", actor: "pemilik@toko.test" });
    expect((geo.row.after as { geo_permissions: { sms: string[] } }).geo_permissions.sms).toEqual(["62", "60"]);
    const level = await onlyRowOf(m.id, () => m.caller.fraud.updateSettings({ fraudGuard: "max" }));
    expect(level.row).toMatchObject({ action: "fraud_guard.update", before: { fraud_guard: "off" }, after: { fraud_guard: "max" } });
    const unblock = await onlyRowOf(m.id, () => m.caller.fraud.unblock({ prefix: "62812" }));
    expect(unblock.row).toMatchObject({ action: "fraud.unblock", target: "62812", after: { lifted_blocks: 0 } });

    const credit = await onlyRowOf(m.id, () => adjustBalance(m.id, 500, "koreksi tagihan"));
    expect(credit.row).toMatchObject({ actorType: "operator", action: "saldo.adjust", target: "manual_credit", before: { saldo: 0 }, after: { saldo: 500, reason: "koreksi tagihan" } });

    const topup = await onlyRowOf(m.id, () => m.caller.topups.create({ amount: 100000 }));
    expect(topup.row).toMatchObject({ action: "topup.create", target: (topup.result as { topup_id: string }).topup_id, after: { amount: 100000 } });
  });

  it("safe and block lists: the dashboard's, otpctl's and an API key's changes in either world", async () => {
    const m = await account();
    const added = await onlyRowOf(m.id, () => m.caller.fraud.addListEntry({ list: "block", value: "081234567890" }));
    expect(added.row).toMatchObject({ actorType: "member", actor: "pemilik@toko.test", action: "fraud.list.add", target: "6281234567890", before: { list: null }, after: { list: "block", mode: "live" }, ip: "203.0.113.44" });
    // Moving a value to the other list is one change.
    const moved = await onlyRowOf(m.id, () => m.caller.fraud.addListEntry({ list: "safe", value: "6281234567890" }));
    expect(moved.row).toMatchObject({ action: "fraud.list.add", target: "6281234567890", before: { list: "block" }, after: { list: "safe", mode: "live" } });
    // Adding what is already there changes nothing and logs nothing.
    const unchanged = (await rows(m.id)).length;
    await m.caller.fraud.addListEntry({ list: "safe", value: "6281234567890" });
    expect(await rows(m.id)).toHaveLength(unchanged);
    const removed = await onlyRowOf(m.id, () => m.caller.fraud.removeListEntry({ list: "safe", value: "6281234567890" }));
    expect(removed.row).toMatchObject({ action: "fraud.list.remove", target: "6281234567890", before: { list: "safe", mode: "live" }, after: { list: null } });

    // otpctl --mode test: the test world's list, the row filed under the live account.
    const testWorld = await findWorldOf(m.merchant_id, "test");
    const operator = await onlyRowOf(m.id, () => addListEntry(testWorld.id, { list: "block", value: "62899*" }, operatorOn(m.id)));
    expect(operator.row).toMatchObject({ actorType: "operator", actor: "operator", action: "fraud.list.add", target: "62899*", after: { list: "block", mode: "test" }, ip: null });
    const operatorRemoval = await onlyRowOf(m.id, () => removeListEntry(testWorld.id, { list: "block", value: "62899*" }, operatorOn(m.id)));
    expect(operatorRemoval.row).toMatchObject({ action: "fraud.list.remove", before: { list: "block", mode: "test" } });

    // /v3/lists: the entry says an API key put it there, the row names the key (audit-log-api-key.test.ts has the rest).
    const api = await onlyRowOf(m.id, async () => expect((await addToList(m.api_key, "block", { value: "62877*" })).body.data).toMatchObject({ created_by: "api" }));
    expect(api.row).toMatchObject({ actorType: "api_key", actor: m.prefix, action: "fraud.list.add", target: "62877*" });
    const apiRemoval = await onlyRowOf(m.id, () => removeFromList(m.api_key, "block", "62877*"));
    expect(apiRemoval.row).toMatchObject({ actorType: "api_key", action: "fraud.list.remove", target: "62877*" });
  });

  it("members and roles, two-step and passwords", async () => {
    const m = await account();
    const invite = await onlyRowOf(m.id, () => m.caller.members.invite({ email: "dev@toko.test", role: "developer" }));
    expect(invite.row).toMatchObject({ action: "member.invite", target: "dev@toko.test", after: { role: "developer" } });
    const token = await tokenMailedTo("dev@toko.test", "/invite");
    const join = await onlyRowOf(m.id, () => callerFor({ merchantPublicId: null, clientIp: "198.51.100.3" }).members.acceptInvitation({ token, password: "sandi-dev-12345" }));
    expect(join.row).toMatchObject({ action: "member.join", actor: "dev@toko.test", ip: "198.51.100.3", after: { role: "developer" } });
    expectNoSecret(join.row, token, "sandi-dev-12345");
    const devId = (await m.caller.members.list()).members.find((x) => x.email === "dev@toko.test")!.user_id;
    const role = await onlyRowOf(m.id, () => m.caller.members.changeRole({ userId: devId, role: "viewer" }));
    expect(role.row).toMatchObject({ action: "member.role", target: "dev@toko.test", before: { role: "developer" }, after: { role: "viewer" } });
    const removed = await onlyRowOf(m.id, () => m.caller.members.remove({ userId: devId }));
    expect(removed.row).toMatchObject({ action: "member.remove", target: "dev@toko.test", before: { role: "viewer" } });

    const sent = await m.caller.account.twoStepStart({ channel: "whatsapp", phone: "6281234567890", password: PASSWORD });
    const on = await onlyRowOf(m.id, async () => m.caller.account.twoStepConfirm({ otpId: sent.otp_id, code: await deliveredCode(sent.otp_id) }));
    expect(on.row).toMatchObject({ action: "two_step.enable", target: "pemilik@toko.test", before: { enabled: false }, after: { enabled: true, channel: "whatsapp" } });
    expectNoSecret(on.row, "6281234567890");
    const off = await onlyRowOf(m.id, () => m.caller.account.twoStepDisable({ password: PASSWORD }));
    expect(off.row).toMatchObject({ action: "two_step.disable", before: { enabled: true }, after: { enabled: false } });

    const changed = await onlyRowOf(m.id, () => m.caller.account.changePassword({ currentPassword: PASSWORD, newPassword: "sandi-baru-12345" }));
    expect(changed.row).toMatchObject({ action: "password.change", target: "pemilik@toko.test", before: null, after: null });
    expectNoSecret(changed.row, PASSWORD, "sandi-baru-12345");
    await callerFor({ merchantPublicId: null, clientIp: "198.51.100.4" }).account.requestPasswordReset({ email: "pemilik@toko.test" });
    const resetToken = await tokenMailedTo("pemilik@toko.test", "/reset-password");
    const reset = await onlyRowOf(m.id, () => callerFor({ merchantPublicId: null, clientIp: "198.51.100.4" }).account.resetPassword({ token: resetToken, password: "sandi-lupa-12345" }));
    expect(reset.row).toMatchObject({ action: "password.reset", actor: "pemilik@toko.test", ip: "198.51.100.4" });
  });

  it("a person in two accounts: their own password change shows in both accounts' logs", async () => {
    const a = await account();
    const b = await createMerchant({ name: "Toko B", email: "b@toko.test", password: PASSWORD });
    const userId = await addMember(b.merchant_id, "pemilik@toko.test", "developer");
    await callerFor({ userPublicId: userId, merchantPublicId: b.merchant_id }).account.changePassword({ currentPassword: PASSWORD, newPassword: "sandi-baru-12345" });
    expect((await rows(a.id)).map((r) => r.action)).toEqual(["password.change"]);
    expect((await rows(b.id)).map((r) => r.action)).toEqual(["password.change"]);
  });
});

describe("the log itself", () => {
  it("a change that fails leaves no row (the row is written in the change's transaction)", async () => {
    const m = await account();
    await expect(m.caller.apiKeys.revoke({ keyId: "key_doesnotexist00" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(m.caller.webhooks.setEventTypes({ eventTypes: ["otp.verified"] })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(m.caller.members.remove({ userId: await ownerUserId(m.merchant_id) })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(m.caller.fraud.removeListEntry({ list: "safe", value: "62812*" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await rows(m.id)).toEqual([]);
  });

  it("drops any field that looks like a secret, whatever a caller passes", async () => {
    const m = await account();
    const db = await getDb();
    await db.$transaction((tx) =>
      recordAudit(tx, { ...operatorOn(m.id), action: "test.fields", before: { secret: "whsec_x", password: "p", key_hash: "h", api_key: "sk", token: "t", otp_code: "123456", name: "lama" }, after: { name: "baru" } }),
    );
    const [row] = await rows(m.id);
    expect(row).toMatchObject({ before: { name: "lama" }, after: { name: "baru" } });
    expect(Object.keys(row.before as object)).toEqual(["name"]);
  });

  it("is append-only: the database refuses to change or delete a row", async () => {
    const m = await account();
    await updateMerchant(m.id, { rateLimit: 7 });
    const db = await getDb();
    await expect(db.auditLog.updateMany({ where: { merchantId: m.id }, data: { actor: "someone else" } })).rejects.toThrow(/append-only/);
    await expect(db.auditLog.deleteMany({ where: { merchantId: m.id } })).rejects.toThrow(/append-only/);
    expect(await rows(m.id)).toHaveLength(1);
  });

  it("outlives every retention job, even run two years on", async () => {
    const m = await account();
    await updateMerchant(m.id, { rateLimit: 9 }, "live", operatorOn(m.id));
    const later = new Date(Date.now() + 2 * 366 * 24 * 60 * 60 * 1000);
    await purgePersonalData({ trigger: "otpctl", now: later });
    await purgeExpiredIdempotencyKeys({ now: later });
    await purgeOldWebhookEvents({ now: later });
    await purgeOldApiLog(later);
    expect(await rows(m.id)).toHaveLength(1);
  });

  it("the dashboard filters by action and actor and exports CSV with the same rows, oldest first, no secret", async () => {
    const m = await account();
    const key = await m.caller.apiKeys.create({ name: "=HYPERLINK(1)" });
    await updateMerchant(m.id, { rateLimit: 30 });
    await m.caller.webhooks.setUrl({ url: "http://127.0.0.1:9/hook" });
    expect((await m.caller.members.audit({})).rows.map((r) => r.action)).toEqual(["webhook.url", "rate_limit.update", "key.create"]);
    expect((await m.caller.members.audit({ action: "key" })).rows.map((r) => r.action)).toEqual(["key.create"]);
    expect((await m.caller.members.audit({ actor: "operator" })).rows.map((r) => r.action)).toEqual(["rate_limit.update"]);
    const page = await m.caller.members.audit({ limit: 2 });
    expect(page.rows).toHaveLength(2);
    expect((await m.caller.members.audit({ limit: 2, cursor: page.next_cursor })).rows.map((r) => r.action)).toEqual(["key.create"]);

    const file = await m.caller.members.exportAudit({});
    const lines = file.csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("waktu_wib,pelaku,jenis_pelaku,tindakan,sasaran,sebelum,sesudah,ip,user_agent");
    expect(lines.slice(1).map((l) => l.split(",")[3])).toEqual(["key.create", "rate_limit.update", "webhook.url"]);
    expect(lines[1]).toContain("pemilik@toko.test,member,key.create");
    expect(lines[2]).toContain('operator,operator,rate_limit.update,account,"{""rate_limit"":null}","{""rate_limit"":30}"');
    expect(file.rows).toBe(3);
    expectNoSecret(file.csv, key.api_key, (await m.caller.webhooks.revealSecret()).secret);
  });
});
