// The audit log's API-key rows (docs/teams.md): a change made through /v3/lists,
// /v3/templates or /v3/topups leaves exactly one row naming the key by its display
// prefix (never the key), with the caller's address and HTTP client (User-Agent) and the same action, target and
// before/after as the dashboard's change; a test key's row goes to the live account
// and says "test"; a refused call leaves none. The dashboard and otpctl read them.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { recordAudit } from "@/server/services/audit/record-audit";
import { addToList, LISTS_CALLER, removeFromList } from "../harness/fraud-lists-api";
import { ownerUserId } from "../harness/members";
import { otpctlJson } from "../harness/otpctl";
import { createTemplate, deleteTemplate, putTemplate } from "../harness/template-fixtures";
import { createTopupCall, createTopupOk } from "../harness/topup-fixtures";
import { callerFor } from "../harness/trpc";
import { newMerchant, type Merchant } from "../harness/v3-fixtures";

/** The address the harness's calls come from (x-forwarded-for behind the trusted local front). */
const CLIENT_IP = "203.0.113.10";

async function rows(merchantId: number) {
  const db = await getDb();
  return db.auditLog.findMany({ where: { merchantId }, orderBy: { id: "asc" } });
}

/** The display prefix the dashboard shows for a key (sk_live_ab12), read from its stored row. */
async function prefixOf(apiKey: string): Promise<string> {
  const db = await getDb();
  const keys = await db.apiKey.findMany({ select: { prefix: true } });
  const found = keys.find((k) => apiKey.startsWith(k.prefix));
  if (!found) throw new Error("no stored key matches");
  return found.prefix;
}

/** Runs a call and returns the one row it added to the live account's log (exactly one is expected). */
async function onlyRowOf(m: Merchant, call: () => Promise<{ status: number }>) {
  const before = (await rows(m.id)).length;
  const { status } = await call();
  expect(status).toBe(200);
  const added = (await rows(m.id)).slice(before);
  expect(added, JSON.stringify(added.map((r) => r.action))).toHaveLength(1);
  return added[0];
}

/** A refused call changes nothing and logs nothing. */
async function noRowFrom(m: Merchant, call: () => Promise<{ status: number }>, status: number) {
  const before = (await rows(m.id)).length;
  expect((await call()).status).toBe(status);
  expect(await rows(m.id)).toHaveLength(before);
}

function expectNoSecret(row: unknown, ...keys: string[]) {
  const text = JSON.stringify(row, (_k, v) => (typeof v === "bigint" ? String(v) : v));
  for (const key of keys) expect(text).not.toContain(key);
  expect(text).not.toMatch(/sk_live_[A-Za-z0-9]{20}|sk_test_[A-Za-z0-9]{20}/);
}

describe("changes made with an API key leave one row naming the key", () => {
  it("/v3/lists: add, move and remove, live and test keys", async () => {
    const m = await newMerchant();
    const live = await prefixOf(m.key);
    const added = await onlyRowOf(m, () => addToList(m.key, "block", { value: "081234567890" }));
    expect(added).toMatchObject({ actorType: "api_key", actor: live, action: "fraud.list.add", target: "6281234567890", before: { list: null }, after: { list: "block", mode: "live" }, ip: CLIENT_IP, userAgent: LISTS_CALLER.userAgent });
    expect(live).toMatch(/^sk_live_[A-Za-z0-9]{4}$/);
    expectNoSecret(added, m.key, m.key.slice(live.length));
    const moved = await onlyRowOf(m, () => addToList(m.key, "safe", { value: "6281234567890" }));
    expect(moved).toMatchObject({ actorType: "api_key", action: "fraud.list.add", before: { list: "block" }, after: { list: "safe", mode: "live" } });
    const removed = await onlyRowOf(m, () => removeFromList(m.key, "safe", "6281234567890"));
    expect(removed).toMatchObject({ actorType: "api_key", actor: live, action: "fraud.list.remove", target: "6281234567890", before: { list: "safe", mode: "live" }, after: { list: null }, ip: CLIENT_IP });
    // Adding what is already there changes nothing and logs nothing.
    await addToList(m.key, "block", { value: "62877*" });
    const unchanged = (await rows(m.id)).length;
    expect((await addToList(m.key, "block", { value: "62877*" })).status).toBe(200);
    expect(await rows(m.id)).toHaveLength(unchanged);

    // A test key changes the test world's list; the row is the live account's and says "test".
    const test = await prefixOf(m.testKey);
    const testAdd = await onlyRowOf(m, () => addToList(m.testKey, "block", { value: "62899*" }));
    expect(testAdd).toMatchObject({ actorType: "api_key", actor: test, action: "fraud.list.add", target: "62899*", after: { list: "block", mode: "test" }, ip: CLIENT_IP });
    expect(test).toMatch(/^sk_test_[A-Za-z0-9]{4}$/);
    const testRemove = await onlyRowOf(m, () => removeFromList(m.testKey, "block", "62899*"));
    expect(testRemove).toMatchObject({ actor: test, action: "fraud.list.remove", before: { list: "block", mode: "test" } });
    expect(await rows(m.testId)).toEqual([]);
    expectNoSecret(await rows(m.id), m.key, m.testKey);
  });

  it("/v3/templates: create, update and delete, with the dashboard's before/after", async () => {
    const m = await newMerchant();
    const live = await prefixOf(m.key);
    const fragments = [{ channel: "sms", locale: "id", text: "{code} kode masuk {brand}" }];
    const created = await onlyRowOf(m, () => createTemplate(m.key, { name: "login", fragments }));
    expect(created).toMatchObject({ actorType: "api_key", actor: live, action: "template.create", target: "login", before: null, after: { fragments, mode: "live" }, ip: CLIENT_IP, userAgent: null });
    // (The lists harness names its client in User-Agent; this one sends none.)
    const next = [{ channel: "sms", locale: "en", text: "{code} is your code" }];
    const updated = await onlyRowOf(m, () => putTemplate(m.key, "login", { fragments: next }));
    expect(updated).toMatchObject({ action: "template.update", target: "login", after: { fragments: next, mode: "live" } });
    const deleted = await onlyRowOf(m, () => deleteTemplate(m.key, "login"));
    expect(deleted).toMatchObject({ actorType: "api_key", action: "template.delete", target: "login", before: { mode: "live" }, after: null });

    const testCreated = await onlyRowOf(m, () => createTemplate(m.testKey, { name: "uji", fragments }));
    expect(testCreated).toMatchObject({ actor: await prefixOf(m.testKey), action: "template.create", target: "uji", after: { mode: "test" } });
    expectNoSecret(await rows(m.id), m.key, m.testKey);
  });

  it("/v3/topups: the invoice's id, amount, fee and method", async () => {
    const m = await newMerchant();
    const before = (await rows(m.id)).length;
    const invoice = await createTopupOk(m.key, { amount: 100000 });
    const added = (await rows(m.id)).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      actorType: "api_key",
      actor: await prefixOf(m.key),
      action: "topup.create",
      target: invoice.topup_id,
      after: { amount: 100000, admin_fee: invoice.payment_total - 100000, payment_method: "QRIS", mode: "live" },
      ip: CLIENT_IP,
    });
    const test = await onlyRowOf(m, () => createTopupCall(m.testKey, { amount: 10000 }));
    expect(test).toMatchObject({ actor: await prefixOf(m.testKey), action: "topup.create", after: { amount: 10000, mode: "test" } });
    expectNoSecret(await rows(m.id), m.key, m.testKey);
  });
});

describe("a refused call leaves no row", () => {
  it("validation errors and 404s on lists, templates and top-ups", async () => {
    const m = await newMerchant();
    await noRowFrom(m, () => addToList(m.key, "block", { value: "bukan nomor" }), 400);
    await noRowFrom(m, () => addToList(m.key, "grey", { value: "6281234567890" }), 404);
    await noRowFrom(m, () => removeFromList(m.key, "block", "6281234567890"), 404);
    await noRowFrom(m, () => createTemplate(m.key, { name: "t1", fragments: [{ channel: "sms", locale: "id", text: "tanpa kode" }] }), 400);
    await noRowFrom(m, () => putTemplate(m.key, "tidak-ada", { fragments: [{ channel: "sms", locale: "id", text: "{code}" }] }), 404);
    await noRowFrom(m, () => deleteTemplate(m.key, "tidak-ada"), 404);
    await createTemplate(m.key, { name: "t1", fragments: [{ channel: "sms", locale: "id", text: "{code}" }] });
    await noRowFrom(m, () => createTemplate(m.key, { name: "t1", fragments: [{ channel: "sms", locale: "id", text: "{code} lagi" }] }), 409);
    await noRowFrom(m, () => createTopupCall(m.key, { amount: 12345 }), 400);
    expect((await rows(m.id)).map((r) => r.action)).toEqual(["template.create"]);
  });
});

describe("reading API-key rows", () => {
  it("the dashboard shows them, filters by the key's prefix in any case and exports them; otpctl prints them", async () => {
    const m = await newMerchant();
    const live = await prefixOf(m.key);
    await addToList(m.key, "block", { value: "62877*" });
    const caller = callerFor({ userPublicId: await ownerUserId(m.merchantId), merchantPublicId: m.merchantId });
    await caller.fraud.addListEntry({ list: "block", value: "62811*" });

    const page = await caller.members.audit({});
    expect(page.rows.map((r) => [r.actor_type, r.action, r.target])).toEqual([
      ["member", "fraud.list.add", "62811*"],
      ["api_key", "fraud.list.add", "62877*"],
    ]);
    expect(page.rows[1]).toMatchObject({ actor: live, ip: CLIENT_IP, user_agent: LISTS_CALLER.userAgent });
    // The filter matches a prefix however it is typed: prefixes keep the key's mixed case.
    for (const typed of [live, live.toLowerCase(), live.toUpperCase()]) {
      expect((await caller.members.audit({ actor: typed })).rows.map((r) => r.target)).toEqual(["62877*"]);
    }
    const db = await getDb();
    await db.$transaction((tx) => recordAudit(tx, { actor: { kind: "api_key", prefix: "sk_live_Ab12" }, merchantId: m.id, action: "test.case", target: "mixed" }));
    for (const typed of ["sk_live_Ab12", "sk_live_ab12", "AB12"]) {
      expect((await caller.members.audit({ actor: typed })).rows.map((r) => r.target)).toEqual(["mixed"]);
    }

    const file = await caller.members.exportAudit({ actor: live });
    const lines = file.csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${live},api_key,fraud.list.add,62877*,`);
    expect(lines[1]).toContain(CLIENT_IP);
    expectNoSecret(file.csv, m.key);

    const printed = await otpctlJson(["audit", m.merchantId]);
    expect(printed[2]).toMatchObject({ actor: live, actor_type: "api_key", action: "fraud.list.add", target: "62877*", ip: CLIENT_IP, user_agent: LISTS_CALLER.userAgent });
    expect(JSON.stringify(printed)).not.toContain(m.key);
  });
});
