// The account flows a merchant relies on to keep the saldo: verifying the e-mail
// after sign-up, resetting a forgotten password by e-mailed link, and changing the
// password in Keamanan, which ends every other session. The e2e server has no
// SMTP, so the e-mails are read the way an operator would: `otpctl mail list`.
// Each screen is saved to e2e/artifacts/ at 375, 1024 and 1280 px.
import { expect, test } from "@playwright/test";
import { shotsAtThreeWidths } from "./support/layout";
import { otpctl } from "./support/otpctl";
import { operatorMerchant, signIn } from "./support/sign-in";

/** The link in the newest account e-mail to this address whose link goes to `pathname`. */
async function mailedLink(email: string, pathname: string): Promise<string> {
  let link = "";
  await expect
    .poll(() => {
      const { mails } = otpctl<{ mails: { body: string }[] }>("mail", "list", "--to", email);
      link = mails.map((m) => /(http\S+)/.exec(m.body)?.[1] ?? "").find((l) => new URL(l).pathname === pathname) ?? "";
      return link;
    }, { timeout: 20_000 })
    .not.toBe("");
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test("a new merchant is asked to verify the e-mail until the e-mailed link is opened", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = `verifikasi-${Date.now()}@toko.test`;
  await page.goto("/sign-up");
  await page.getByLabel("Nama Anda atau perusahaan").fill("Toko Verifikasi");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Kata sandi").fill("rahasia-toko-123");
  await page.getByLabel("Nama brand").fill("Toko Verifikasi");
  await page.getByRole("button", { name: "Buat akun" }).click();
  await page.getByRole("button", { name: /lanjut ke dashboard/ }).click();
  await expect(page).toHaveURL(/\/overview$/);
  const banner = page.getByTestId("email-verification-banner");
  await expect(banner).toContainText(email);
  await shotsAtThreeWidths(page, "account-01-verification-banner");

  await banner.getByRole("button", { name: "Kirim ulang tautan" }).click();
  await expect(banner.getByRole("status")).toHaveText(`Tautan verifikasi dikirim ke ${email}. Tautan berlaku 24 jam.`);

  await page.goto(await mailedLink(email, "/verify-email"));
  await shotsAtThreeWidths(page, "account-02-verify-email");
  await page.getByRole("button", { name: "Verifikasi e-mail" }).click();
  await expect(page.getByRole("status").filter({ hasText: `E-mail ${email} terverifikasi.` })).toBeVisible();
  await page.getByRole("link", { name: "Ke dashboard" }).click();
  await expect(page.getByTestId("overview-saldo")).toBeVisible();
  await expect(page.getByTestId("email-verification-banner")).toHaveCount(0);
});

test("a forgotten password is reset by an e-mailed link that works once; unknown addresses get the same answer", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const m = operatorMerchant("Toko Lupa");
  const sent = "Jika e-mail ini terdaftar, kami telah mengirim tautan untuk mengatur ulang kata sandi. Tautan berlaku 30 menit.";

  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Lupa kata sandi?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("E-mail").fill(`tidak-ada-${Date.now()}@toko.test`);
  await page.getByRole("button", { name: "Kirim tautan" }).click();
  await expect(page.getByRole("status").filter({ hasText: sent })).toBeVisible();
  await page.getByLabel("E-mail").fill(m.email);
  const answered = page.waitForResponse((r) => r.url().includes("account.requestPasswordReset"));
  await page.getByRole("button", { name: "Kirim tautan" }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByRole("status").filter({ hasText: sent })).toBeVisible();
  await shotsAtThreeWidths(page, "account-03-forgot-password");

  const link = await mailedLink(m.email, "/reset-password");
  await page.goto(link);
  await page.getByLabel("Kata sandi baru", { exact: true }).fill("kata-sandi-baru-456");
  await page.getByLabel("Ulangi kata sandi baru").fill("kata-sandi-lain-789");
  await page.getByRole("button", { name: "Simpan kata sandi" }).click();
  await expect(page.getByLabel("Ulangi kata sandi baru")).toHaveAccessibleDescription("Kedua kata sandi tidak sama.");
  await page.getByLabel("Ulangi kata sandi baru").fill("kata-sandi-baru-456");
  await shotsAtThreeWidths(page, "account-04-reset-password");
  await page.getByRole("button", { name: "Simpan kata sandi" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Kata sandi baru disimpan." })).toBeVisible();
  await page.getByRole("link", { name: "Masuk ke dashboard" }).click();
  await signIn(page, m.email, "kata-sandi-baru-456");

  // The same link a second time changes nothing and says how to get a new one.
  await page.goto(link);
  await page.getByLabel("Kata sandi baru", { exact: true }).fill("kata-sandi-ketiga-1");
  await page.getByLabel("Ulangi kata sandi baru").fill("kata-sandi-ketiga-1");
  await page.getByRole("button", { name: "Simpan kata sandi" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Tautan tidak valid, sudah dipakai atau sudah kedaluwarsa." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Minta tautan baru" })).toHaveAttribute("href", "/forgot-password");
  await shotsAtThreeWidths(page, "account-05-reset-password-used");
});

test("changing the password in Keamanan keeps this session and ends the one on another device", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const m = operatorMerchant("Toko Ganti");
  const otherDevice = await browser.newPage();
  await signIn(otherDevice, m.email, m.password);
  await signIn(page, m.email, m.password);

  await page.getByRole("link", { name: "Keamanan" }).first().click();
  // Sent to support, the merchant is told how to reach it (the e2e server sets SUPPORT_EMAIL and SUPPORT_WHATSAPP).
  await expect(page.getByRole("link", { name: "dukungan@sandi.test" })).toHaveAttribute("href", "mailto:dukungan@sandi.test");
  await expect(page.getByRole("link", { name: "WhatsApp +6281100000001" })).toHaveAttribute("href", "https://wa.me/6281100000001");
  await page.getByLabel("Kata sandi saat ini").fill("bukan-sandinya");
  await page.getByLabel("Kata sandi baru", { exact: true }).fill("kata-sandi-baru-456");
  await page.getByLabel("Ulangi kata sandi baru").fill("kata-sandi-baru-456");
  await page.getByRole("button", { name: "Ubah kata sandi" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Kata sandi saat ini salah." })).toBeVisible();

  await page.getByLabel("Kata sandi saat ini").fill(m.password);
  await page.getByLabel("Kata sandi baru", { exact: true }).fill("kata-sandi-baru-456");
  await page.getByLabel("Ulangi kata sandi baru").fill("kata-sandi-baru-456");
  await page.getByRole("button", { name: "Ubah kata sandi" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Kata sandi diubah." })).toBeVisible();
  await shotsAtThreeWidths(page, "account-06-security-password-changed");

  await page.reload();
  await expect(page).toHaveURL(/\/security$/);
  await otherDevice.goto("/overview");
  await expect(otherDevice).toHaveURL(/\/sign-in/);
  await signIn(otherDevice, m.email, "kata-sandi-baru-456");
  await otherDevice.close();
});
