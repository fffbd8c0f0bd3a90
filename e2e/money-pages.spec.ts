// The pages where a merchant's money shows: the balance screen (saldo, top-ups and
// ledger change together), the hosted payment page (who is paid, what the payer's
// app shows, the way back and the receipt) and the prices per channel. Screens are
// saved to e2e/artifacts/ at 375, 1024 and 1280 px.
import { expect, test } from "@playwright/test";
import { shotsAtThreeWidths } from "./support/layout";
import { otpctl } from "./support/otpctl";
import { operatorMerchant, signIn } from "./support/sign-in";

type Invoice = { topup_id: string; payment_url: string; payment_total: number };

test("after a payment the saldo, the top-up's status and its ledger credit change in the same moment", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const m = operatorMerchant("Toko Serempak");
  const { api_key: key } = otpctl<{ api_key: string }>("key", "create", m.merchant_id);
  const invoice = (await (await request.post("/v3/topups", { headers: { authorization: `Bearer ${key}` }, data: { amount: 10000 } })).json()).data as Invoice;
  await signIn(page, m.email, m.password);
  await page.getByRole("link", { name: "Saldo" }).first().click();
  const row = page.getByTestId("topup-row").filter({ hasText: invoice.topup_id });
  await expect(row).toContainText("Menunggu pembayaran");
  await expect(row.getByRole("link", { name: "Bayar" })).toBeVisible();
  await expect(page.getByTestId("balance-saldo")).toHaveText("Rp 0");

  otpctl("topup", "pay", invoice.topup_id);
  // Read everything in the one frame where the saldo first shows the credit.
  const seen = await page.waitForFunction(
    (id) => {
      const saldo = document.querySelector('[data-testid="balance-saldo"]')?.textContent ?? "";
      if (saldo === "Rp 0") return null;
      const topup = [...document.querySelectorAll('[data-testid="topup-row"]')].find((r) => r.textContent?.includes(id));
      const ledger = document.querySelector('[data-testid="ledger-row"]');
      return { saldo, topup: topup?.textContent ?? "", payLinks: topup?.querySelectorAll("a[target=_blank]").length ?? -1, ledger: ledger?.textContent ?? "" };
    },
    invoice.topup_id,
    { timeout: 30_000 },
  );
  const state = await seen.jsonValue();
  expect(state!.saldo).toBe("Rp 10.000");
  expect(state!.topup).toContain("Lunas");
  expect(state!.topup).not.toContain("Menunggu pembayaran");
  expect(state!.payLinks).toBe(0);
  expect(state!.ledger).toContain(invoice.topup_id);
  await shotsAtThreeWidths(page, "money-01-balance-paid");
});

test("the hosted page names the service as payee and the recipient the payer's app shows; paid, it leads to the receipt and back", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const m = operatorMerchant("Toko Bayar", ["--brand", "Toko Maju Jaya"]);
  const { api_key: key } = otpctl<{ api_key: string }>("key", "create", m.merchant_id);
  const headers = { authorization: `Bearer ${key}` };
  const qris = (await (await request.post("/v3/topups", { headers, data: { amount: 100000 } })).json()).data as Invoice;
  const va = (await (await request.post("/v3/topups", { headers, data: { amount: 100000, payment_method_id: 2 } })).json()).data as Invoice;

  const url = new URL(qris.payment_url);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole("heading", { level: 1, name: "Sandi" })).toBeVisible();
  await expect(page.getByText("Pembayaran kepada")).toBeVisible();
  await expect(page.getByTestId("topup-for")).toHaveText("Top-up untuk Toko Maju Jaya");
  // What the QR's tag 59 holds: the service's name, as the payer's banking app will show it.
  await expect(page.getByTestId("recipient-name")).toHaveText("SANDI");
  await expect(page.getByText(/nama penerima SANDI/)).toBeVisible();
  await shotsAtThreeWidths(page, "money-02-hosted-qris");

  const vaUrl = new URL(va.payment_url);
  await page.goto(`${vaUrl.pathname}${vaUrl.search}`);
  await expect(page.getByTestId("recipient-name")).toHaveText("Sandi");
  await shotsAtThreeWidths(page, "money-03-hosted-va");

  await page.goto(`${url.pathname}${url.search}`);
  await page.getByRole("button", { name: "Simulasikan pembayaran" }).click();
  await expect(page.getByText("Pembayaran berhasil", { exact: true })).toBeVisible();
  await expect(page.getByTestId("topup-status")).toContainText(/Dibayar \d{1,2} \w{3} \d{4} \d\d\.\d\d WIB\./);
  await expect(page.getByRole("link", { name: "Kembali ke dashboard" })).toHaveAttribute("href", "/balance");
  await shotsAtThreeWidths(page, "money-04-hosted-paid");

  // The receipt opens from the same signed link, without a login.
  await page.getByRole("link", { name: "Lihat kuitansi" }).click();
  await expect(page.getByTestId("receipt-id")).toHaveText(qris.topup_id);
  await expect(page.getByTestId("receipt")).toContainText("Toko Bayar");
  await expect(page.getByTestId("receipt-total")).toHaveText("Rp 100.700");
  // One unbroken rule above the total at every width: on the row, none on its cells.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const borders = await page.getByTestId("receipt-total-row").evaluate((row) => [row, ...row.children].map((el) => getComputedStyle(el).borderTopWidth));
    expect(borders).toEqual(["1px", "0px", "0px"]);
  }
  await shotsAtThreeWidths(page, "money-05-hosted-receipt");
  await page.getByRole("link", { name: "← Kembali ke tagihan" }).click();
  await expect(page.getByText("Pembayaran berhasil", { exact: true })).toBeVisible();

  // The way back: a signed-out payer signs in and lands on Saldo, where the payment shows.
  await page.getByRole("link", { name: "Kembali ke dashboard" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel("E-mail").fill(m.email);
  await page.getByLabel("Kata sandi").fill(m.password);
  await page.getByRole("button", { name: "Masuk" }).click();
  await expect(page).toHaveURL(/\/balance$/);
  await expect(page.getByTestId("balance-saldo")).toHaveText("Rp 100.000");
});

test("prices per channel in rupiah: the defaults on the landing page, the merchant's own on Saldo", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  for (const [channel, price] of [
    ["whatsapp", "Rp 350"],
    ["sms", "Rp 450"],
    ["email", "Rp 100"],
    ["misscall", "Rp 250"],
    ["voice", "Rp 800"],
    ["whatsapp_inbound", "Rp 300"],
  ]) {
    await expect(page.getByTestId(`price-${channel}`)).toContainText(`${price} per OTP terkirim`);
  }
  await shotsAtThreeWidths(page, "money-06-landing-prices");

  // An operator's price for this merchant is the one its Saldo page shows.
  const m = operatorMerchant("Toko Harga");
  otpctl("merchant", "update", m.merchant_id, "--price", "sms=500");
  await signIn(page, m.email, m.password);
  await page.getByRole("link", { name: "Saldo" }).first().click();
  const prices = page.getByTestId("price-list");
  await expect(prices.getByRole("listitem").filter({ hasText: "SMS" })).toContainText("Rp 500");
  await expect(prices.getByRole("listitem").filter({ hasText: /^WhatsApp/ }).first()).toContainText("Rp 350");
  await shotsAtThreeWidths(page, "money-07-balance-prices");
});
