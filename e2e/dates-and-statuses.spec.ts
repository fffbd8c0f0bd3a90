// One vocabulary and one date format across the dashboard: an OTP's status reads
// the same in the list and the detail, moments read "23 Nov 2026 23.31 WIB", the
// ledger's references lead to their transaction or top-up, and the API reference
// sits inside the dashboard frame for a signed-in merchant. Screens are saved to
// e2e/artifacts/ at 375, 1024 and 1280 px.
import { expect, test } from "@playwright/test";
import { shotsAtThreeWidths } from "./support/layout";
import { otpctl } from "./support/otpctl";
import { operatorMerchant, signIn } from "./support/sign-in";

const INDONESIAN_MOMENT = /\d{1,2} (Jan|Feb|Mar|Apr|Mei|Jun|Jul|Agu|Sep|Okt|Nov|Des) \d{4} \d\d\.\d\d WIB/;

test("statuses, dates and ledger references read one way on every screen", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const m = operatorMerchant("Toko Kosakata", ["--saldo", "5000"]);
  const { api_key: key } = otpctl<{ api_key: string }>("key", "create", m.merchant_id);
  const headers = { authorization: `Bearer ${key}` };
  // …0001: the sandbox accepts the WhatsApp message and never confirms it, so it stays "Terkirim" on every screen.
  const otpId = (await (await request.post("/v3/request", { headers, data: { channel: "whatsapp", destination: "6281234560001" } })).json()).data.otp_id as string;
  const invoice = (await (await request.post("/v3/topups", { headers, data: { amount: 10000 } })).json()).data as { topup_id: string };
  otpctl("topup", "pay", invoice.topup_id);
  await signIn(page, m.email, m.password);

  await page.getByRole("link", { name: "Transaksi" }).first().click();
  const row = page.getByRole("row", { name: new RegExp(otpId) });
  await expect(row).toContainText("Terkirim");
  await expect(row).toContainText(INDONESIAN_MOMENT);
  await expect(row).not.toContainText(/\d{4}-\d\d-\d\d/);
  await shotsAtThreeWidths(page, "vocab-01-transactions");

  await row.getByRole("link", { name: otpId }).click();
  // The detail says the list's word, in the status, the delivery outcome and the one send, with what it means.
  await expect(page.getByText("Terkirim", { exact: true })).toHaveCount(3);
  await expect(page.getByText("Diserahkan ke sandbox; sandbox mengonfirmasi sampai sekitar satu detik kemudian (kecuali WhatsApp ke nomor berakhiran 0001).")).toBeVisible();
  await expect(page.getByRole("main")).toContainText(INDONESIAN_MOMENT);
  await expect(page.getByRole("main")).not.toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d/);
  await shotsAtThreeWidths(page, "vocab-02-transaction-detail");

  await page.getByRole("link", { name: "Saldo" }).first().click();
  const charge = page.getByTestId("ledger-row").filter({ hasText: "Biaya OTP" });
  const topup = page.getByTestId("ledger-row").filter({ hasText: "Isi saldo" });
  await expect(charge.getByRole("link", { name: otpId })).toHaveAttribute("href", `/transactions/${otpId}`);
  await expect(topup.getByRole("link", { name: invoice.topup_id })).toHaveAttribute("href", `/balance/receipts/${invoice.topup_id}`);
  await expect(charge).toContainText(INDONESIAN_MOMENT);
  await expect(page.getByTestId("topup-row").first()).toContainText(INDONESIAN_MOMENT);
  await shotsAtThreeWidths(page, "vocab-03-balance");
  await topup.getByRole("link", { name: invoice.topup_id }).click();
  await expect(page.getByTestId("receipt-id")).toHaveText(invoice.topup_id);
  await page.goBack();
  await charge.getByRole("link", { name: otpId }).click();
  await expect(page.getByRole("heading", { level: 1, name: otpId })).toBeVisible();

  // Signed in, the API reference is a dashboard page: the frame's navigation stays, the reference is in Indonesian.
  await page.getByRole("link", { name: "Referensi API" }).first().click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole("navigation", { name: "Menu dashboard" }).first()).toBeAttached();
  await expect(page.getByRole("link", { name: "Referensi API" }).first()).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "← Beranda" })).toHaveCount(0);
  await expect(page.getByText("Buat OTP dengan kode dari server").first()).toBeVisible();
  // The prose, not the example payloads: an `en` template fragment in a request example is English on purpose.
  const english = await page.getByRole("main").evaluate((main) => {
    const prose = main.cloneNode(true) as HTMLElement;
    prose.querySelectorAll("pre, code").forEach((sample) => sample.remove());
    return (prose.textContent ?? "").match(/\b(the|and|with|your|when|is)\b [a-z]+/g) ?? [];
  });
  expect(english).toEqual([]);
  await shotsAtThreeWidths(page, "vocab-04-docs-signed-in");

  await page.getByRole("button", { name: "Keluar" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/docs");
  await expect(page.getByRole("link", { name: "← Beranda" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Menu dashboard" })).toHaveCount(0);
});
