// The hosted payment page as a payer sees it: a QRIS invoice (download the QR as
// PNG and read it back, the page turns to paid when the operator settles it), a VA
// invoice (copy the number, the page hides the instructions once the invoice
// expires), a live countdown, a failed invoice, the sandbox "simulate payment"
// button, and a tampered link that reveals nothing. Everything is driven by
// keyboard where a payer could. Screens are saved to e2e/artifacts/ for a human
// to look at, at phone and desktop widths.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { hasValidCrc, parseEmvFields } from "../src/server/payments/qris-payload";
import { otpctl } from "./support/otpctl";
import { decodeQrPng } from "./support/qr-png";
import { expectNothingSticksOut, shotsAtThreeWidths } from "./support/layout";
import { forceExpiry, forceFailure, storedQrString } from "./support/topup-database";
import { expectLogoLoaded } from "./support/payment-method-logo";
import { operatorMerchant, signIn } from "./support/sign-in";

const artifacts = path.resolve("e2e/artifacts");
const MOBILE = { width: 390, height: 844 };
const NARROW = { width: 320, height: 640 };
const DESKTOP = { width: 1280, height: 900 };

type Invoice = { topup_id: string; payment_url: string; payment_hash: string; payment_total: number; payment_type: string };

async function newMerchantKey(): Promise<string> {
  const merchant = otpctl<{ api_key: string }>("merchant", "create", "--name", "Toko Topup", "--email", `topup-${Date.now()}@toko.test`, "--brand", "Toko Maju Jaya");
  return merchant.api_key;
}

async function createInvoice(request: APIRequestContext, key: string, body: Record<string, unknown>): Promise<Invoice> {
  const res = await request.post("/v3/topups", { headers: { Authorization: `Bearer ${key}` }, data: body });
  expect(res.status()).toBe(200);
  return (await res.json()).data as Invoice;
}

/** A path relative to the test server (payment_url carries the server's own APP_URL). */
function pathOf(invoice: Invoice): string {
  const url = new URL(invoice.payment_url);
  return `${url.pathname}${url.search}`;
}

/** "02:59:58" → 10798. */
async function secondsShown(timer: Locator): Promise<number> {
  const text = (await timer.textContent()) ?? "";
  const match = /^(\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`countdown shows "${text}"`);
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** Pressing Tab from the top of the page lands on the button, and the focus ring is ours, not the browser's default. */
async function tabTo(page: Page, button: Locator) {
  await page.keyboard.press("Tab");
  await expect(button).toBeFocused();
  await expect(button).toHaveCSS("outline-style", "solid");
  await expect(button).toHaveCSS("outline-width", "2px");
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `topup-${name}.png`), fullPage: true });

/** The same screen at a narrow phone and at desktop width, checked for sideways overflow; back to the usual phone afterwards. */
async function shotAtWidths(page: Page, name: string) {
  await page.setViewportSize(NARROW);
  await expectNothingSticksOut(page);
  await shot(page, `${name}-320`);
  await page.setViewportSize(DESKTOP);
  await expectNothingSticksOut(page);
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(MOBILE);
}

test.use({ viewport: MOBILE, hasTouch: true });

test("QRIS invoice: amounts, Unduh QR saves a PNG that scans back to the issued payload, and the page turns to paid without reload", async ({ page, request }) => {
  const key = await newMerchantKey();
  const invoice = await createInvoice(request, key, { amount: 100000 });
  expect(invoice.payment_type).toBe("qr");

  await page.goto(pathOf(invoice));
  // The payee is the service; the merchant is whose saldo the payment tops up.
  await expect(page.getByRole("heading", { level: 1, name: "Sandi" })).toBeVisible();
  await expect(page.getByTestId("topup-for")).toHaveText("Top-up untuk Toko Maju Jaya");
  await expect(page.getByTestId("amount")).toHaveText("Rp 100.000");
  await expect(page.getByTestId("admin-fee")).toHaveText("Rp 700");
  await expect(page.getByTestId("payment-total")).toHaveText("Rp 100.700");
  await expect(page.getByRole("timer")).toHaveText(/^0[23]:\d{2}:\d{2}$/);
  const qr = page.getByRole("img", { name: /Kode QRIS untuk membayar Rp 100\.700/ });
  await expect(qr).toBeVisible();
  await expectNothingSticksOut(page);
  await shot(page, "qr");
  await shotAtWidths(page, "qr");

  const downloadButton = page.getByRole("button", { name: /Unduh QR/ });
  await tabTo(page, downloadButton);
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(download.suggestedFilename()).toBe(`QRIS-${invoice.topup_id}.png`);
  const png = decodeQrPng(readFileSync((await download.path())!));
  expect(png.width).toBe(png.height);
  expect(png.width).toBeGreaterThanOrEqual(512);
  // What a banking app reads from the saved image is exactly what the gateway issued for this invoice.
  expect(png.text).toBe(await storedQrString(invoice.topup_id));
  const fields = parseEmvFields(png.text!);
  expect(fields.get("54")).toBe(String(invoice.payment_total));
  expect(fields.get("62")).toContain(invoice.topup_id);
  expect(hasValidCrc(png.text!)).toBe(true);

  // The operator settles it from outside the browser; the page notices by polling.
  const paid = otpctl<{ status: string }>("topup", "pay", invoice.topup_id);
  expect(paid.status).toBe("Paid");
  await expect(page.getByTestId("topup-status")).toHaveAttribute("data-status", "Paid", { timeout: 15_000 });
  await expect(page.getByText("Pembayaran berhasil", { exact: true })).toBeVisible();
  await expect(qr).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Unduh QR/ })).toHaveCount(0);
  await shot(page, "qr-paid");
});

test("the countdown ticks down from the server's remaining time, even when the payer's clock is hours off", async ({ page, request }) => {
  const key = await newMerchantKey();
  const invoice = await createInvoice(request, key, { amount: 10000 });
  // The payer's clock runs five hours ahead, past the invoice's expiry; time still flows.
  await page.clock.install({ time: Date.now() + 5 * 3600 * 1000 });
  await page.goto(pathOf(invoice));

  const timer = page.getByRole("timer");
  const first = await secondsShown(timer);
  expect(first).toBeGreaterThan(2 * 3600);
  expect(first).toBeLessThanOrEqual(3 * 3600);
  await expect.poll(() => secondsShown(timer)).toBeLessThan(first);
  // Twice, so a single re-sync from a poll cannot pass for a ticking clock.
  const second = await secondsShown(timer);
  await expect.poll(() => secondsShown(timer)).toBeLessThan(second);
  await expect(timer).toHaveAccessibleName(/^Sisa waktu \d{2}:\d{2}:\d{2}$/);
  await expect(page.getByTestId("topup-status")).toHaveAttribute("data-status", "Pending");
});

test("VA invoice: Salin copies the number and confirms it; after expiry the instructions are gone", async ({ page, context, request, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const key = await newMerchantKey();
  const invoice = await createInvoice(request, key, { amount: 500000, payment_method_id: 2 });
  expect(invoice.payment_type).toBe("va");

  await page.goto(pathOf(invoice));
  await expect(page.getByRole("heading", { name: "Transfer ke Virtual Account BCA" })).toBeVisible();
  await expect(page.getByTestId("payment-total")).toHaveText("Rp 504.000");
  const number = await page.getByTestId("va-number").getAttribute("data-value");
  expect(number).toMatch(/^\d{16}$/);
  // The number is the value of its "Nomor Virtual Account" term, not loose text.
  const value = page.locator("dt", { hasText: "Nomor Virtual Account" }).locator("xpath=following-sibling::dd[1]");
  await expect(value.getByTestId("va-number")).toHaveText(number!.replace(/(\d{4})(?=\d)/g, "$1 "));
  await expectNothingSticksOut(page);
  await shot(page, "va");
  await shotAtWidths(page, "va");

  const copyButton = page.getByRole("button", { name: /Salin nomor Virtual Account/ });
  await tabTo(page, copyButton);
  await page.keyboard.press("Enter");
  await expect(page.getByText(/Tersalin/)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(number);
  await shot(page, "va-copied");

  await forceExpiry(invoice.topup_id);
  await expect(page.getByTestId("topup-status")).toHaveAttribute("data-status", "Expired", { timeout: 15_000 });
  await expect(page.getByText("Waktu pembayaran habis", { exact: true })).toBeVisible();
  await expect(page.getByTestId("va-number")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Salin/ })).toHaveCount(0);
  await expect(page.getByRole("timer")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Simulasikan pembayaran" })).toHaveCount(0);
  await shot(page, "va-expired");

  // Reloading shows the same: the server no longer hands out the instructions.
  await page.reload();
  await expect(page.getByText("Waktu pembayaran habis")).toBeVisible();
  await expect(page.getByTestId("va-number")).toHaveCount(0);
});

test("a Failed invoice: the open page turns to failed, hides the QR, and stays failed on reload and in the status endpoint", async ({ page, request }) => {
  const key = await newMerchantKey();
  const invoice = await createInvoice(request, key, { amount: 10000 });
  await page.goto(pathOf(invoice));
  await expect(page.getByRole("button", { name: /Unduh QR/ })).toBeVisible();

  await forceFailure(invoice.topup_id);
  await expect(page.getByTestId("topup-status")).toHaveAttribute("data-status", "Failed", { timeout: 15_000 });
  await expect(page.getByText("Pembayaran gagal", { exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: /Kode QRIS/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Unduh QR/ })).toHaveCount(0);
  await expect(page.getByRole("timer")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Simulasikan pembayaran" })).toHaveCount(0);
  await shot(page, "failed");

  await page.reload();
  await expect(page.getByTestId("topup-status")).toHaveAttribute("data-status", "Failed");
  await expect(page.getByText("Pembayaran gagal", { exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: /Kode QRIS/ })).toHaveCount(0);
  const status = await request.get(`/topup/${invoice.topup_id}/status?hash=${invoice.payment_hash}`);
  expect(await status.json()).toMatchObject({ status: "Failed", remaining_seconds: 0, paid_at: null });
});

test("sandbox: Simulasikan pembayaran settles the invoice and the saldo grows by the amount", async ({ page, request }) => {
  const key = await newMerchantKey();
  const invoice = await createInvoice(request, key, { amount: 10000 });
  await page.goto(pathOf(invoice));
  await page.getByRole("button", { name: "Simulasikan pembayaran" }).click();
  await expect(page.getByTestId("topup-status")).toHaveAttribute("data-status", "Paid");
  await expect(page.getByText("Pembayaran berhasil", { exact: true })).toBeVisible();
  // The focused button is gone with the sandbox section; focus lands on the outcome instead of the page top.
  await expect(page.getByTestId("topup-status")).toBeFocused();
  await expect(page.getByRole("button", { name: "Simulasikan pembayaran" })).toHaveCount(0);
  const account = await request.get("/v3/account", { headers: { Authorization: `Bearer ${key}` } });
  expect((await account.json()).data.saldo).toBe(10000);
});

test("a tampered or missing hash shows the same not-found page as an unknown invoice", async ({ page, request }) => {
  const key = await newMerchantKey();
  const invoice = await createInvoice(request, key, { amount: 10000 });
  const tampered = invoice.payment_hash.replace(/^./, (c) => (c === "a" ? "b" : "a"));
  for (const target of [`/topup/${invoice.topup_id}?hash=${tampered}`, `/topup/${invoice.topup_id}`, `/topup/TC20250101ZZZZZZZZ?hash=${invoice.payment_hash}`]) {
    const res = await page.goto(target);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Halaman tidak ditemukan" })).toBeVisible();
    await expect(page.getByText("Toko Maju Jaya")).toHaveCount(0);
    await expect(page.getByText(/Rp /)).toHaveCount(0);
  }
  await shot(page, "not-found");
});

test("payment-method logos: served from public/ past the proxy, next to the method on the QR and VA pages, the receipt and the dashboard picker and history", async ({ page, request }) => {
  // Every file in public/payment-methods/ is served as an SVG image, and the other static files still are.
  const files = readdirSync(path.resolve("public/payment-methods")).filter((f) => f.endsWith(".svg"));
  expect(files).toEqual(expect.arrayContaining(["qris.svg", "bca_va.svg", "default.svg"]));
  for (const file of files) {
    const res = await request.get(`/payment-methods/${file}`);
    expect(res.status(), file).toBe(200);
    expect(res.headers()["content-type"], file).toContain("image/svg+xml");
  }
  for (const [file, type] of [["/robots.txt", "text/plain"], ["/favicon.svg", "image/svg+xml"]]) {
    const res = await request.get(file);
    expect(res.status(), file).toBe(200);
    expect(res.headers()["content-type"], file).toContain(type);
  }

  const m = operatorMerchant("Toko Logo");
  const { api_key: key } = otpctl<{ api_key: string }>("key", "create", m.merchant_id);
  const qris = await createInvoice(request, key, { amount: 100000 });
  const va = await createInvoice(request, key, { amount: 100000, payment_method_id: 2 });

  await page.goto(pathOf(qris));
  await expectLogoLoaded(page.getByTestId("payment-method"), "QRIS", "qris.svg");
  await shotsAtThreeWidths(page, "logo-hosted-qr");

  await page.goto(pathOf(va));
  await expectLogoLoaded(page.getByTestId("payment-method"), "BCA Virtual Account", "bca_va.svg");
  await shotsAtThreeWidths(page, "logo-hosted-va");

  await page.goto(pathOf(qris));
  await page.getByRole("button", { name: "Simulasikan pembayaran" }).click();
  await page.getByRole("link", { name: "Lihat kuitansi" }).click();
  await expect(page.getByTestId("receipt-id")).toHaveText(qris.topup_id);
  await expectLogoLoaded(page.getByTestId("receipt-payment-method"), "QRIS", "qris.svg");
  await shotsAtThreeWidths(page, "logo-receipt");

  await signIn(page, m.email, m.password);
  await page.goto("/balance");
  for (const [name, file] of [["QRIS", "qris.svg"], ["BCA Virtual Account", "bca_va.svg"], ["BNI Virtual Account", "bni_va.svg"], ["Mandiri Virtual Account", "mandiri_va.svg"], ["BRI Virtual Account", "bri_va.svg"]]) {
    await expectLogoLoaded(page.locator("label").filter({ has: page.getByRole("radio", { name: new RegExp(name) }) }), name, file);
  }
  await expectLogoLoaded(page.getByTestId("topup-row").filter({ hasText: va.topup_id }), "BCA Virtual Account", "bca_va.svg");
  await shotsAtThreeWidths(page, "logo-dashboard-picker");
});
