// Optional two-step sign-in, as a merchant meets it: offered right after sign-up,
// switched on in Keamanan by typing a code Sandi sent over WhatsApp (Sandi's own
// OTP service; in the sandbox the code is read with otpctl), asked for after the
// password at sign-in, and switched off with the password. Screens are saved to
// e2e/artifacts/ at 375, 1024 and 1280 px.
import { expect, test, type Page } from "@playwright/test";
import { shotsAtThreeWidths } from "./support/layout";
import { otpctl } from "./support/otpctl";
import { operatorMerchant, signIn } from "./support/sign-in";

/** The newest code the sandbox delivered to this number. */
function latestCode(phone: string): string {
  const [message] = otpctl<{ code: string }[]>("sandbox", "messages", "--destination", phone);
  return message.code;
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Kata sandi").fill(password);
  await page.getByRole("button", { name: "Masuk" }).click();
}

test("two-step sign-in is offered after sign-up", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/sign-up");
  await page.getByLabel("Nama Anda atau perusahaan").fill("Toko Dua Langkah");
  await page.getByLabel("E-mail").fill(`dua-langkah-${Date.now()}@toko.test`);
  await page.getByLabel("Kata sandi").fill("rahasia-toko-123");
  await page.getByLabel("Nama brand").fill("Toko Dua");
  await page.getByRole("button", { name: "Buat akun" }).click();
  await expect(page.getByTestId("two-step-offer")).toContainText("Lindungi saldo Anda dengan masuk dua langkah");
  await shotsAtThreeWidths(page, "two-step-01-offer-after-sign-up");
  await page.getByRole("button", { name: "Simpan kunci dan aktifkan masuk dua langkah" }).click();
  await expect(page).toHaveURL(/\/security#dua-langkah$/);
  await expect(page.getByTestId("two-step-status")).toContainText("Mati");
});

test("a merchant switches two-step sign-in on with a WhatsApp code, signs in with a code, and switches it off with the password", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const m = operatorMerchant("Toko Aman", ["--saldo", "1000"]);
  const phone = `6281${String(Date.now()).slice(-8)}`;
  await signIn(page, m.email, m.password);
  await page.getByRole("link", { name: "Keamanan" }).first().click();
  const card = page.locator("#dua-langkah");
  await expect(card.getByTestId("two-step-status")).toContainText("Mati");
  await card.getByLabel("Nomor WhatsApp").fill(phone);
  await card.getByLabel("Kata sandi", { exact: true }).fill("salah-sekali");
  await card.getByRole("button", { name: "Kirim kode uji" }).click();
  await expect(card).toContainText("Kata sandi saat ini salah.");
  await card.getByLabel("Kata sandi", { exact: true }).fill(m.password);
  await card.getByRole("button", { name: "Kirim kode uji" }).click();
  await expect(card).toContainText(`Kode dikirim ke WhatsApp ••••${phone.slice(-4)}`);
  await shotsAtThreeWidths(page, "two-step-02-security-code-sent");
  await card.getByLabel("Kode").fill(latestCode(phone));
  await card.getByRole("button", { name: "Aktifkan" }).click();
  await expect(card.getByTestId("two-step-status")).toContainText(`Aktif Kode dikirim ke WhatsApp ••••${phone.slice(-4)}.`);
  // The code came from Sandi's own account: the merchant's saldo is untouched.
  await page.getByRole("link", { name: "Saldo" }).first().click();
  await expect(page.getByTestId("balance-saldo")).toHaveText("Rp 1.000");
  await page.getByRole("link", { name: "Keamanan" }).first().click();
  await shotsAtThreeWidths(page, "two-step-03-security-on");

  await page.getByRole("button", { name: "Keluar" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await passwordStep(page, m.email, m.password);
  await expect(page.getByText(`Kami mengirim kode ke WhatsApp ••••${phone.slice(-4)}.`)).toBeVisible();
  await expect(page.getByLabel("Kode masuk")).toHaveValue("");
  await shotsAtThreeWidths(page, "two-step-04-sign-in-code");
  const code = latestCode(phone);
  await page.getByLabel("Kode masuk").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Masuk" }).click();
  await expect(page.getByText("Kode salah atau sudah tidak berlaku.")).toBeVisible();
  await page.getByLabel("Kode masuk").fill(code);
  await page.getByRole("button", { name: "Masuk" }).click();
  await expect(page).toHaveURL(/\/overview$/);

  await page.getByRole("link", { name: "Keamanan" }).first().click();
  await card.getByLabel("Kata sandi untuk mematikan").fill(m.password);
  await card.getByRole("button", { name: "Matikan masuk dua langkah" }).click();
  await expect(card.getByTestId("two-step-status")).toContainText("Mati");
  await page.getByRole("button", { name: "Keluar" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  // Off again: the password alone signs in.
  await signIn(page, m.email, m.password);
});
