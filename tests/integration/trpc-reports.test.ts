// The dashboard's read screens: overview figures (WIB days and months), transaction
// filters and paging, and message previews rendered by the real templates.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { otpMessageText } from "@/server/channels/message-text";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { getOverview } from "@/server/services/reports/overview";
import { DATE_ORDER_MESSAGE } from "@/schemas/dashboard/transactions";
import { deliveredCode, newMerchant, requestOtp, verify } from "../harness/v3-fixtures";
import { callerFor } from "../harness/trpc";
import { FAILURE_SENTENCES } from "@/server/channels/failure-codes";


/** Moves an OTP, and the ledger rows that reference it, to another creation time. */
async function createdAt(otpId: string, at: string) {
  const db = await getDb();
  await db.otpTransaction.update({ where: { otpId }, data: { createdAt: new Date(at) } });
  await db.ledgerEntry.updateMany({ where: { reference: otpId }, data: { createdAt: new Date(at) } });
}

async function otp(key: string, body: Record<string, unknown>) {
  const res = await requestOtp(key, body);
  return res.body.data!.otp_id as string;
}

describe("overview", () => {
  // 2031-03-15 12:00 WIB; that WIB day starts at 2031-03-14 17:00 UTC.
  const now = new Date("2031-03-15T05:00:00Z");

  it("counts OTPs sent today and this month by channel in WIB, failed ones apart, with verification rate, spend and 30 days", async () => {
    const m = await newMerchant();
    const verifiedSms = await otp(m.key, { channel: "sms", destination: "6281234567001" });
    await verify(m.key, { otp_id: verifiedSms, otp: await deliveredCode(verifiedSms) });
    await createdAt(verifiedSms, "2031-03-15T03:00:00Z"); // 10:00 WIB today
    await createdAt(await otp(m.key, { channel: "sms", destination: "6281234567002" }), "2031-03-14T18:00:00Z"); // 01:00 WIB today
    await createdAt(await otp(m.key, { channel: "whatsapp", destination: "6281234567003" }), "2031-03-14T16:30:00Z"); // 23:30 WIB yesterday
    await createdAt(await otp(m.key, { channel: "sms", destination: "6281234560000" }), "2031-03-15T04:00:00Z"); // failed, today
    await createdAt(await otp(m.key, { channel: "email", destination: "a@toko.id" }), "2031-02-20T05:00:00Z"); // last month
    await createdAt(await otp(m.key, { channel: "email", destination: "b@toko.id" }), "2031-01-02T05:00:00Z"); // beyond 30 days

    const overview = await getOverview(m.id, now);
    expect(overview.today).toMatchObject({ total: 2, failed: 1, byChannel: { sms: 2, whatsapp: 0, email: 0 } });
    expect(overview.month).toMatchObject({ total: 3, failed: 1, byChannel: { sms: 2, whatsapp: 1, email: 0 } });
    expect(overview.verificationRate).toBeCloseTo(1 / 3);
    expect(overview.spendThisMonth).toBe(450 + 450 + 350);
    expect(overview.last30Days).toHaveLength(30);
    expect(overview.last30Days.at(-1)).toEqual({ day: "2031-03-15", total: 2, verified: 1 });
    expect(overview.last30Days.at(-2)).toEqual({ day: "2031-03-14", total: 1, verified: 0 });
    expect(overview.last30Days.find((d) => d.day === "2031-02-20")).toEqual({ day: "2031-02-20", total: 1, verified: 0 });
    expect(overview.last30Days.reduce((n, d) => n + d.total, 0)).toBe(4);
  });

  it("has no verification rate before anything was delivered this month", async () => {
    const m = await newMerchant();
    await createdAt(await otp(m.key, { channel: "sms", destination: "6281234560000" }), "2031-03-15T04:00:00Z");
    expect((await getOverview(m.id, now)).verificationRate).toBeNull();
  });
});

describe("transactions", () => {
  async function seeded() {
    const m = await newMerchant();
    const ids = {
      sms: await otp(m.key, { channel: "sms", destination: "6281234567001" }),
      whatsapp: await otp(m.key, { channel: "whatsapp", destination: "6281234567002" }),
      email: await otp(m.key, { channel: "email", destination: "Pembeli@Toko.id" }),
      failed: await otp(m.key, { channel: "sms", destination: "6281234560000" }),
    };
    await verify(m.key, { otp_id: ids.whatsapp, otp: await deliveredCode(ids.whatsapp) });
    await createdAt(ids.sms, "2031-03-14T16:59:59Z"); // last second of 14 March WIB
    await createdAt(ids.whatsapp, "2031-03-14T17:00:00Z"); // first second of 15 March WIB
    await createdAt(ids.email, "2031-03-16T10:00:00Z");
    await createdAt(ids.failed, "2031-03-16T11:00:00Z");
    return { m, ids, caller: callerFor({ merchantPublicId: m.merchantId }) };
  }

  const idsOf = (page: { items: { otp_id: string }[] }) => page.items.map((t) => t.otp_id);

  it("filters by channel and by status", async () => {
    const { ids, caller } = await seeded();
    expect(idsOf(await caller.reports.transactions({ channel: "sms" }))).toEqual([ids.failed, ids.sms]);
    expect(idsOf(await caller.reports.transactions({ status: "verified" }))).toEqual([ids.whatsapp]);
    expect(idsOf(await caller.reports.transactions({ channel: "sms", status: "failed" }))).toEqual([ids.failed]);
  });

  it("filters by destination, matching part of it without regard to case", async () => {
    const { ids, caller } = await seeded();
    expect(idsOf(await caller.reports.transactions({ destination: "pembeli@toko" }))).toEqual([ids.email]);
    expect(idsOf(await caller.reports.transactions({ destination: "4567002" }))).toEqual([ids.whatsapp]);
  });

  it("filters by WIB calendar days, both ends inclusive", async () => {
    const { ids, caller } = await seeded();
    expect(idsOf(await caller.reports.transactions({ from: "2031-03-15", to: "2031-03-15" }))).toEqual([ids.whatsapp]);
    expect(idsOf(await caller.reports.transactions({ to: "2031-03-14" }))).toEqual([ids.sms]);
    expect(idsOf(await caller.reports.transactions({ from: "2031-03-15" }))).toEqual([ids.failed, ids.email, ids.whatsapp]);
  });

  it("pages newest first with a cursor, each transaction exactly once", async () => {
    const { ids, caller } = await seeded();
    const first = await caller.reports.transactions({ limit: 3 });
    const second = await caller.reports.transactions({ limit: 3, cursor: first.nextCursor! });
    expect([...idsOf(first), ...idsOf(second)]).toEqual([ids.failed, ids.email, ids.whatsapp, ids.sms]);
    expect(second.nextCursor).toBeNull();
  });

  it("explains a sandbox delivery failure in Indonesian and labels the opening balance in Indonesian", async () => {
    const { m, ids, caller } = await seeded();
    expect((await caller.reports.transaction({ otpId: ids.failed })).failure_reason).toBe(FAILURE_SENTENCES.sandbox_failure);
    const ledger = await callerFor({ merchantPublicId: m.merchantId }).reports.ledger({ limit: 100 });
    expect(ledger.items.at(-1)).toMatchObject({ reason: "manual_credit", note: "Saldo awal" });
  });

  it("has no code length for a whatsapp_inbound transaction, where the user sends a message instead of a code", async () => {
    const m = await newMerchant();
    const caller = callerFor({ merchantPublicId: m.merchantId });
    expect((await caller.reports.transaction({ otpId: await otp(m.key, { channel: "whatsapp_inbound" }) })).otp_length).toBeNull();
    expect((await caller.reports.transaction({ otpId: await otp(m.key, { channel: "sms", destination: "6281234567009" }) })).otp_length).toBe(6);
  });

  it("refuses a malformed date with BAD_REQUEST naming the expected format", async () => {
    const { caller } = await seeded();
    await expect(caller.reports.transactions({ from: "15-03-2031" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Tanggal harus berformat YYYY-MM-DD.") });
  });

  it("refuses a range whose first day is after its last with BAD_REQUEST", async () => {
    const { caller } = await seeded();
    await expect(caller.reports.transactions({ from: "2031-03-16", to: "2031-03-15" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining(DATE_ORDER_MESSAGE) });
  });
});

describe("message previews", () => {
  it("renders the brand being typed with the same texts the sandbox and vendors send", async () => {
    const m = await newMerchant();
    const previews = await callerFor({ merchantPublicId: m.merchantId }).account.messagePreviews({ brandName: "Kopi <Senja>", brandEmail: "halo@kopisenja.id" });
    expect(previews.sms).toBe(otpMessageText("Kopi <Senja>", "482913", 300));
    expect(previews.whatsapp).toEqual({ text: otpMessageText("Kopi <Senja>", "482913", 300), via: "sandbox" });
    expect(previews.email.from).toBe("Kopi <Senja> <halo@kopisenja.id>");
    expect(previews.email.subject).toContain("Kopi <Senja>");
    expect(previews.email.html).toContain("Kopi &lt;Senja&gt;");
    expect(previews.email.html).toContain("482913");
    expect(previews.voice).toContain("Kopi <Senja>");
  });

  it("shows the short SMS Retriever form with the app hash on its last line when the merchant has one", async () => {
    const m = await newMerchant();
    await updateMerchant(m.id, { smsAppHash: "FA+9qCX9VSu" });
    const previews = await callerFor({ merchantPublicId: m.merchantId }).account.messagePreviews({ brandName: "Kopi Senja", brandEmail: "" });
    expect(previews.sms.startsWith("<#> 482913")).toBe(true);
    expect(previews.sms.split("\n").at(-1)).toBe("FA+9qCX9VSu");
  });

  it("falls back to a placeholder while the brand field is empty", async () => {
    const m = await newMerchant();
    const previews = await callerFor({ merchantPublicId: m.merchantId }).account.messagePreviews({ brandName: "", brandEmail: "" });
    expect(previews.sms).toContain("Brand Anda");
  });
});
