// A rolling deploy (docs/migrations.md, "New values of a stored enumeration"): the next
// release's migration has widened a CHECK or added a value to an enum type, its instances
// write rows with the new value, and this release's instances still serve the dashboard.
// Each procedure below answers with those rows, the value as stored, instead of failing
// its output validation (or Prisma's enum mapping) for the whole page. The widening is
// done here, in this file's own database, as the next release's migration would.
import { beforeAll, describe, expect, it } from "vitest";
import { formatWib } from "@/lib/wib-time";
import { getDb } from "@/server/db/client";
import { newUserId } from "@/server/services/members/user-id";
import { ownerUserId } from "../harness/members";
import { callerFor } from "../harness/trpc";
import { newMerchant, requestOtp } from "../harness/v3-fixtures";

beforeAll(async () => {
  const db = await getDb();
  for (const sql of [
    // TEXT columns with a CHECK: the next release widens it (an expand step).
    `ALTER TABLE audit_log DROP CONSTRAINT audit_log_actor_type_check`,
    `ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_type_check CHECK (actor_type IN ('member', 'operator', 'api_key', 'partner_app'))`,
    `ALTER TABLE memberships DROP CONSTRAINT memberships_role_check`,
    `ALTER TABLE memberships ADD CONSTRAINT memberships_role_check CHECK (role IN ('owner', 'developer', 'finance', 'viewer', 'auditor'))`,
    `ALTER TABLE invitations DROP CONSTRAINT invitations_role_check`,
    `ALTER TABLE invitations ADD CONSTRAINT invitations_role_check CHECK (role IN ('owner', 'developer', 'finance', 'viewer', 'auditor'))`,
    // PostgreSQL enum types: the next release adds a value.
    `ALTER TYPE "FraudBlockReason" ADD VALUE 'sim_swap'`,
    `ALTER TYPE "LedgerReason" ADD VALUE 'promo_credit'`,
    `ALTER TYPE "TopupStatus" ADD VALUE 'Refunded'`,
  ])
    await db.$executeRawUnsafe(sql);
});

const WIB = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

async function owner() {
  const m = await newMerchant();
  return { ...m, caller: callerFor({ userPublicId: await ownerUserId(m.merchantId), merchantPublicId: m.merchantId }) };
}

describe("the dashboard reads values a later release wrote", () => {
  it("audit log: a row with an actor type this release does not know is listed as stored, beside the known ones", async () => {
    const m = await owner();
    await m.caller.webhooks.setUrl({ url: "http://127.0.0.1:9/hook" });
    const db = await getDb();
    await db.auditLog.create({ data: { merchantId: m.id, actorType: "partner_app", actor: "app_12", action: "fraud.list.add", target: "62899*" } });

    const page = await m.caller.members.audit({});
    expect(page.rows.map((r) => [r.actor_type, r.action])).toEqual([
      ["partner_app", "fraud.list.add"],
      ["member", "webhook.url"],
    ]);
    expect(page.rows[0]).toMatchObject({ actor: "app_12", target: "62899*" });
    expect((await m.caller.members.exportAudit({})).csv).toContain("partner_app");
  });

  it("fraud blocks: a block with a reason this release does not know is listed, not running and not liftable", async () => {
    const m = await owner();
    const db = await getDb();
    await db.$executeRaw`
      INSERT INTO fraud_blocks (merchant_id, reason, prefix, channel, expires_at, window_creations)
      VALUES (${m.id}, 'prefix_spike', '62812', 'sms', now() + interval '1 hour', 40),
             (${m.id}, 'sim_swap', '62813', 'whatsapp', now() + interval '1 hour', 3)`;

    const blocks = await m.caller.fraud.blocks();
    for (const b of blocks) expect([b.started_at, b.last_blocked_at, b.expires_at]).toEqual([expect.stringMatching(WIB), expect.stringMatching(WIB), expect.stringMatching(WIB)]);
    expect(blocks.map((b) => [b.reason, b.prefix, b.channel, b.active]).sort()).toEqual([
      ["prefix_spike", "62812", "sms", true],
      ["sim_swap", "62813", "whatsapp", false],
    ]);
    // Only the known prefix rules count as running blocks for the overview's notice.
    expect(await m.caller.fraud.activeBlocks()).toEqual(["62812"]);
  });

  it("ledger and balance: an entry with a reason this release does not know is listed with its amount", async () => {
    const m = await owner();
    const db = await getDb();
    await db.$executeRaw`
      INSERT INTO ledger_entries (merchant_id, amount, balance_after, reason, reference, note)
      VALUES (${m.id}, 5000, 105000, 'promo_credit', 'PROMO-1', 'Promo akhir tahun')`;

    const ledger = await m.caller.reports.ledger({});
    expect(ledger.items[0]).toMatchObject({ reason: "promo_credit", amount: 5000, balance_after: 105000, reference: "PROMO-1", note: "Promo akhir tahun", created_at: expect.stringMatching(WIB) });
    expect(ledger.items.length).toBeGreaterThan(1);
    const balance = await m.caller.topups.balance({ topups: {}, ledger: {} });
    expect(balance.ledger.items[0].reason).toBe("promo_credit");
    const today = formatWib(new Date()).slice(0, 10);
    const csv = (await m.caller.reports.exportLedger({ from: today, to: today })).csv;
    expect(csv).toContain("promo_credit");
    expect(csv).toContain("PROMO-1");

    // Paging goes on past the row, by the same cursor.
    const first = await m.caller.reports.ledger({ limit: 1 });
    expect(first.items.map((e) => e.reason)).toEqual(["promo_credit"]);
    const next = await m.caller.reports.ledger({ limit: 1, cursor: first.nextCursor! });
    expect(next.items).toHaveLength(1);
    expect(next.items[0].id).not.toBe(first.items[0].id);
  });

  it("top-ups: an invoice with a status this release does not know is listed as stored, beside a pending one", async () => {
    const m = await owner();
    const refunded = await m.caller.topups.create({ amount: 100000 });
    const pending = await m.caller.topups.create({ amount: 10000 });
    const db = await getDb();
    await db.$executeRaw`UPDATE topups SET status = 'Refunded' WHERE topup_id = ${refunded.topup_id}`;

    const list = await m.caller.topups.list({});
    expect(list.items.map((t) => [t.topup_id, t.status])).toEqual([
      [pending.topup_id, "Pending"],
      [refunded.topup_id, "Refunded"],
    ]);
    // The listed link is the invoice's own.
    expect(list.items[0]).toMatchObject({ payment_url: pending.payment_url, amount: 10000, payment_total: pending.payment_total, payment_method: pending.payment_method, created_at: expect.stringMatching(WIB) });
    const balance = await m.caller.topups.balance({ topups: { limit: 1 }, ledger: {} });
    expect(balance.topups.items.map((t) => t.status)).toEqual(["Pending"]);
    const older = await m.caller.topups.balance({ topups: { limit: 1, cursor: balance.topups.nextCursor! }, ledger: {} });
    expect(older.topups.items.map((t) => t.status)).toEqual(["Refunded"]);
  });

  it("team: a member and an invitation with a role this release does not know are listed; the role grants nothing here", async () => {
    const m = await owner();
    const db = await getDb();
    const user = await db.user.create({ data: { userId: newUserId(), email: "auditor@toko.test", name: "Auditor" } });
    await db.membership.create({ data: { userId: user.id, merchantId: m.id, role: "auditor" } });
    await db.invitation.create({ data: { merchantId: m.id, email: "calon@toko.test", role: "auditor", tokenHash: "stored-enum-test", expiresAt: new Date(Date.now() + 86_400_000) } });

    const team = await m.caller.members.list();
    expect(team.members.find((x) => x.email === "auditor@toko.test")?.role).toBe("auditor");
    expect(team.invitations.map((i) => [i.email, i.role])).toEqual([["calon@toko.test", "auditor"]]);

    // This release knows no permission of that role: the member is refused, even their own account list.
    const auditor = callerFor({ userPublicId: user.userId, merchantPublicId: m.merchantId });
    await expect(auditor.reports.overview()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(auditor.members.mine()).rejects.toMatchObject({ code: "FORBIDDEN" });
    // And an owner cannot give it: the input stays strict.
    await expect(m.caller.members.changeRole({ userId: user.userId, role: "auditor" as never })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("transaction detail: a send with a delivery status this release does not know is shown as stored", async () => {
    const m = await owner();
    const created = await requestOtp(m.key, { channel: "sms", destination: "6281234567890" });
    expect(created.status).toBe(200);
    const otpId = (created.body.data as { otp_id: string }).otp_id;
    const db = await getDb();
    await db.$executeRaw`UPDATE otp_deliveries SET status = 'queued' WHERE otp_transaction_id = (SELECT id FROM otp_transactions WHERE otp_id = ${otpId})`;

    const detail = await m.caller.reports.transaction({ otpId });
    expect(detail.deliveries.map((d) => d.status)).toEqual(["queued"]);
  });

  it("webhook settings: an event type the merchant chose on a later release is listed as saved", async () => {
    const m = await owner();
    await m.caller.webhooks.setUrl({ url: "http://127.0.0.1:9/hook" });
    const db = await getDb();
    await db.$executeRaw`UPDATE webhook_endpoints SET event_types = '{otp.verified,otp.clicked}' WHERE merchant_id = ${m.id}`;

    expect((await m.caller.webhooks.settings()).event_types).toEqual(["otp.verified", "otp.clicked"]);
    // Choosing it here is still refused with the input's own message.
    await expect(m.caller.webhooks.setEventTypes({ eventTypes: ["otp.clicked" as never] })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Tipe event tidak dikenal") });
  });
});
