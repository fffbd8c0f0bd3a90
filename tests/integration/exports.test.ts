// Bookkeeping exports: CSV of OTP transactions and of the saldo ledger for a
// range of WIB days (only the merchant's own rows, never a code), and a
// receipt for each paid top-up.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { payTopupAsOperator } from "@/server/services/topups/operator";
import { createTopupOk } from "../harness/topup-fixtures";
import { deliveredCode, newMerchant, requestOtp } from "../harness/v3-fixtures";
import { callerFor } from "../harness/trpc";


async function merchantWithCaller(saldo = 100_000) {
  const m = await newMerchant({ saldo, name: "Kopi Senja" });
  return { ...m, caller: callerFor({ merchantPublicId: m.merchantId }) };
}

/** Dates an OTP's creation, as if it had been made then. */
async function createdAt(otpId: string, iso: string) {
  await (await getDb()).otpTransaction.update({ where: { otpId }, data: { createdAt: new Date(iso) } });
}

const lines = (csv: string) => csv.trimEnd().split("\r\n");

describe("CSV exports", () => {
  it("transactions: every OTP created on the WIB days asked for, oldest first, without its code", async () => {
    const m = await merchantWithCaller();
    const ids: string[] = [];
    for (const destination of ["6281200000001", "6281200000002", "6281200000003"]) {
      const { body } = await requestOtp(m.key, { channel: "sms", destination });
      ids.push((body.data as { otp_id: string }).otp_id);
    }
    // 1 Nov 00.10 WIB and 30 Nov 23.50 WIB are inside November in WIB, though not in UTC; 1 Dec 00.10 WIB is not.
    await createdAt(ids[0], "2026-10-31T17:10:00Z");
    await createdAt(ids[1], "2026-11-30T16:50:00Z");
    await createdAt(ids[2], "2026-11-30T17:10:00Z");
    const code = await deliveredCode(ids[0]);

    const file = await m.caller.reports.exportTransactions({ from: "2026-11-01", to: "2026-11-30" });
    expect(file.filename).toBe("sandi-transaksi-2026-11-01_2026-11-30.csv");
    expect(file.rows).toBe(2);
    const [header, first, second, ...rest] = lines(file.csv);
    expect(header).toBe("otp_id,dibuat_wib,channel,tujuan,status,harga,dipotong,percobaan,diverifikasi_wib,external_id");
    expect(first).toBe(`${ids[0]},2026-11-01 00:10:00,sms,6281200000001,sent,450,ya,0,,`);
    expect(second.startsWith(`${ids[1]},2026-11-30 23:50:00,`)).toBe(true);
    expect(rest).toEqual([]);
    expect(file.csv).not.toContain(code);
  });

  it("ledger: each debit and credit on those days with the saldo after it", async () => {
    const m = await merchantWithCaller(5_000);
    await requestOtp(m.key, { channel: "whatsapp", destination: "6281200000009" });
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const file = await m.caller.reports.exportLedger({ from: today, to: today });
    const [header, opening, charge] = lines(file.csv);
    expect(header).toBe("id,waktu_wib,jenis,jumlah,saldo_setelah,referensi,catatan");
    expect(opening).toMatch(/^\d+,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,manual_credit,5000,5000,,Saldo awal$/);
    expect(charge).toMatch(/^\d+,.+,otp_charge,-350,4650,OTP\w+,/);
  });

  it("shows only the signed-in merchant's rows", async () => {
    const a = await merchantWithCaller();
    const b = await merchantWithCaller();
    await requestOtp(b.key, { channel: "sms", destination: "6281200000004" });
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    expect((await a.caller.reports.exportTransactions({ from: today, to: today })).rows).toBe(0);
    expect(lines((await a.caller.reports.exportLedger({ from: today, to: today })).csv)).toHaveLength(2);
  });

  // (The dashboard shows the first zod message; a direct caller sees them all, hence "contains".)
  it("refuses a range in the wrong order or longer than a year, in words", async () => {
    const m = await merchantWithCaller();
    await expect(m.caller.reports.exportLedger({ from: "2026-11-30", to: "2026-11-01" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Tanggal “dari” tidak boleh setelah tanggal “sampai”.") });
    await expect(m.caller.reports.exportTransactions({ from: "2025-01-01", to: "2026-11-30" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Rentang ekspor paling panjang 366 hari.") });
  });
});

describe("top-up receipts", () => {
  it("a paid top-up has a receipt with invoice, amount, fee, total, method, paid time and merchant", async () => {
    const m = await merchantWithCaller();
    const invoice = await createTopupOk(m.key, { amount: 100_000, payment_method_id: 2 });
    await expect(m.caller.topups.receipt({ topupId: invoice.topup_id })).rejects.toMatchObject({ message: "Kuitansi hanya tersedia untuk top-up yang sudah lunas." });
    await payTopupAsOperator(invoice.topup_id);
    const receipt = await m.caller.topups.receipt({ topupId: invoice.topup_id });
    const row = await (await getDb()).topup.findUniqueOrThrow({ where: { topupId: invoice.topup_id } });
    expect(receipt).toEqual({
      topup_id: invoice.topup_id,
      merchant_name: "Kopi Senja",
      merchant_id: m.merchantId,
      amount: 100_000,
      admin_fee: row.adminFee,
      payment_total: invoice.payment_total,
      payment_method: invoice.payment_method,
      payment_method_code: "BCA_VA",
      paid_at: expect.stringMatching(/^\d{1,2} (Jan|Feb|Mar|Apr|Mei|Jun|Jul|Agu|Sep|Okt|Nov|Des) \d{4} \d\d\.\d\d WIB$/),
      payee: "Sandi",
    });
    expect(receipt.payment_total).toBe(receipt.amount + receipt.admin_fee);
  });

  it("another merchant's top-up has no receipt for you", async () => {
    const a = await merchantWithCaller();
    const b = await merchantWithCaller();
    const invoice = await createTopupOk(b.key, { amount: 100_000, payment_method_id: 1 });
    await payTopupAsOperator(invoice.topup_id);
    await expect(a.caller.topups.receipt({ topupId: invoice.topup_id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
