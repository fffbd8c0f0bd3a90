// Bookkeeping from the dashboard: CSV of transactions and of the saldo ledger
// for a date range, and a printable receipt for a paid top-up. Screens are saved
// to e2e/artifacts/ at 375, 1024 and 1280 px.
import { expect, test, type Download, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { shotsAtThreeWidths } from "./support/layout";
import { otpctl } from "./support/otpctl";
import { operatorMerchant, signIn } from "./support/sign-in";

const artifacts = path.resolve("e2e/artifacts");

async function downloaded(page: Page, card: string): Promise<{ name: string; text: string }> {
  const section = page.locator("section").filter({ has: page.getByRole("heading", { name: card }) });
  const download: Promise<Download> = page.waitForEvent("download");
  await section.getByRole("button", { name: "Unduh CSV" }).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), "utf8") };
}

test("a merchant downloads transactions and the ledger as CSV and prints the receipt of a paid top-up", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const m = operatorMerchant("Kopi Senja", ["--saldo", "10000"]);
  const { api_key: key } = otpctl<{ api_key: string }>("key", "create", m.merchant_id);
  const headers = { authorization: `Bearer ${key}` };
  const otp = (await (await request.post("/v3/request", { headers, data: { channel: "sms", destination: "6281234567801" } })).json()).data.otp_id as string;
  const invoice = (await (await request.post("/v3/topups", { headers, data: { amount: 100000, payment_method_id: 2 } })).json()).data as { topup_id: string; payment_total: number };
  otpctl("topup", "pay", invoice.topup_id);
  await signIn(page, m.email, m.password);

  await page.getByRole("link", { name: "Transaksi" }).first().click();
  await expect(page.getByRole("link", { name: otp })).toBeVisible();
  const transactions = await downloaded(page, "Ekspor transaksi (CSV)");
  expect(transactions.name).toMatch(/^sandi-transaksi-\d{4}-\d\d-01_\d{4}-\d\d-\d\d\.csv$/);
  expect(transactions.text.split("\r\n")[0]).toBe("otp_id,dibuat_wib,channel,tujuan,status,harga,dipotong,percobaan,diverifikasi_wib,external_id");
  expect(transactions.text).toContain(`${otp},`);
  await expect(page.getByText(`${transactions.name} diunduh (1 baris).`)).toBeVisible();
  await shotsAtThreeWidths(page, "exports-01-transactions");

  await page.getByRole("link", { name: "Saldo" }).first().click();
  const ledger = await downloaded(page, "Ekspor mutasi saldo (CSV)");
  expect(ledger.text).toContain(`,topup,100000,`);
  expect(ledger.text).toContain(`,${invoice.topup_id},`);
  const row = page.getByTestId("topup-row").filter({ hasText: invoice.topup_id });
  await expect(row).toContainText("Lunas");
  await shotsAtThreeWidths(page, "exports-02-balance");

  await row.getByRole("link", { name: "Kuitansi" }).click();
  await expect(page).toHaveURL(new RegExp(`/balance/receipts/${invoice.topup_id}$`));
  const receipt = page.getByTestId("receipt");
  await expect(receipt.getByTestId("receipt-id")).toHaveText(invoice.topup_id);
  await expect(receipt).toContainText("Kopi Senja");
  await expect(receipt).toContainText("BCA Virtual Account");
  await expect(receipt.getByTestId("receipt-total")).toHaveText(`Rp ${invoice.payment_total.toLocaleString("id-ID")}`);
  await expect(receipt).toContainText(/\d{1,2} \w{3} \d{4} \d\d\.\d\d WIB/);
  await expect(page.getByRole("button", { name: "Cetak / simpan PDF" })).toBeVisible();
  await shotsAtThreeWidths(page, "exports-03-receipt");
  // Printed, the receipt stands alone: no navigation, no buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Cetak / simpan PDF" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Menu dashboard" })).toBeHidden();
  await page.screenshot({ path: path.join(artifacts, "exports-04-receipt-print.png"), fullPage: true });
});
