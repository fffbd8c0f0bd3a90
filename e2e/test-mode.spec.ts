// Test mode through the browser: sign-up shows a live and a test key, the frame's
// switch moves every page to the test world (with a banner), a test-key OTP shows up
// there and not in live, and its code is readable over /v3/test/messages.
import { expect, test, type Page } from "@playwright/test";
import { shotsAtThreeWidths } from "./support/layout";

async function signUp(page: Page): Promise<{ liveKey: string; testKey: string }> {
  await page.goto("/sign-up");
  await page.getByLabel("Nama Anda atau perusahaan").fill("Toko Uji");
  await page.getByLabel("E-mail").fill(`uji-${Date.now()}@contoh.id`);
  await page.getByLabel("Kata sandi").fill("rahasia-toko-123");
  await page.getByLabel("Nama brand").fill("Toko Uji");
  await page.getByRole("button", { name: "Buat akun" }).click();
  const liveKey = (await page.getByTestId("new-api-key").textContent()) ?? "";
  const testKey = (await page.getByTestId("new-test-api-key").textContent()) ?? "";
  await shotsAtThreeWidths(page, "test-mode-01-sign-up-keys");
  await page.getByRole("button", { name: /lanjut ke dashboard/ }).click();
  await expect(page).toHaveURL(/\/overview$/);
  return { liveKey, testKey };
}

test("the mode switch shows the test world on every page, and a test key's OTP only there", async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { liveKey, testKey } = await signUp(page);
  expect(liveKey).toMatch(/^sk_live_[A-Za-z0-9]{40}$/);
  expect(testKey).toMatch(/^sk_test_[A-Za-z0-9]{40}$/);

  await test.step("live is the default; with no vendor configured the frame says live sends through the sandbox too", async () => {
    await expect(page.getByTestId("mode-switch").last()).toHaveAttribute("aria-checked", "false");
    await expect(page.getByTestId("test-mode-banner")).toHaveCount(0);
    await expect(page.getByTestId("live-sandbox-note")).toContainText("mode live juga mengirim lewat sandbox");
    await expect(page.getByTestId("overview-saldo")).toHaveText("Rp 0");
  });

  await test.step("switching to test mode shows the banner and the test saldo", async () => {
    await page.getByTestId("mode-switch").last().click();
    await expect(page.getByTestId("test-mode-banner")).toBeVisible();
    await expect(page.getByTestId("mode-switch").last()).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("overview-saldo")).toHaveText("Rp 1.000.000");
    await shotsAtThreeWidths(page, "test-mode-02-overview");
  });

  let otpId = "";
  await test.step("an OTP created with the test key appears in test mode's transactions, with its code over /v3/test/messages", async () => {
    // Another message first, so that reading by otp_id has something to filter out.
    await request.post("/v3/request", { headers: { authorization: `Bearer ${testKey}` }, data: { channel: "email", destination: "pembeli@contoh.id" } });
    const created = await request.post("/v3/request", { headers: { authorization: `Bearer ${testKey}` }, data: { channel: "sms", destination: "6281234567890" } });
    const body = await created.json();
    expect(body).toMatchObject({ success: true, data: { status: "sent", price: 450 } });
    otpId = body.data.otp_id;
    const messages = await (await request.get(`/v3/test/messages?otp_id=${otpId}`, { headers: { authorization: `Bearer ${testKey}` } })).json();
    expect(messages.data).toHaveLength(1);
    expect(messages.data[0]).toMatchObject({ otp_id: otpId, code: expect.stringMatching(/^\d{6}$/) });
    const verified = await (await request.post("/v3/verify", { headers: { authorization: `Bearer ${testKey}` }, data: { otp_id: otpId, otp: messages.data[0].code } })).json();
    expect(verified.data).toMatchObject({ verified: true });
    await page.getByRole("link", { name: "Transaksi" }).first().click();
    await expect(page.getByText(otpId)).toBeVisible();
    await expect(page.getByTestId("test-mode-banner")).toBeVisible();
    await shotsAtThreeWidths(page, "test-mode-03-transactions");
  });

  await test.step("the live world does not see it, and the live key cannot reach the test tools", async () => {
    await page.getByTestId("mode-switch").last().click();
    await expect(page.getByTestId("test-mode-banner")).toHaveCount(0);
    await expect(page.getByText("Belum ada transaksi")).toBeVisible();
    await expect(page.getByText(otpId)).toHaveCount(0);
    const live = await request.get("/v3/test/messages", { headers: { authorization: `Bearer ${liveKey}` } });
    expect(live.status()).toBe(404);
    expect((await live.json()).error.code).toBe("NOT_FOUND");
  });

  await test.step("test mode's key list holds the test key", async () => {
    await page.getByTestId("mode-switch").last().click();
    await page.getByRole("link", { name: "API key" }).first().click();
    await expect(page.getByRole("cell", { name: testKey.slice(0, 12), exact: false }).first()).toBeVisible();
    await shotsAtThreeWidths(page, "test-mode-04-api-keys");
  });
});
