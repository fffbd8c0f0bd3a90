// A rolling deploy (docs/migrations.md, "New values of a stored enumeration"): rows a
// later release wrote, with values this release does not know, show on the audit log and
// the balance page as stored, in grey, instead of an error where the page was. The e2e
// database is widened here as the later release's migration would widen it.
import { expect, test } from "@playwright/test";
import { operatorMerchant, signIn } from "./support/sign-in";
import { query } from "./support/topup-database";

test("the audit log and the ledger show a later release's actor type and reason as stored", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = operatorMerchant("Toko Rilis");
  await query(`ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_actor_type_check`);
  await query(`ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_type_check CHECK (actor_type IN ('member', 'operator', 'api_key', 'partner_app'))`);
  await query(`ALTER TYPE "LedgerReason" ADD VALUE IF NOT EXISTS 'promo_credit'`);
  const [{ id }] = await query<{ id: number }>(`SELECT id FROM merchants WHERE merchant_id = $1`, [owner.merchant_id]);
  await query(`INSERT INTO audit_log (merchant_id, actor_type, actor, action, target) VALUES ($1, 'partner_app', 'app_12', 'fraud.list.add', '62899*')`, [id]);
  await query(`INSERT INTO ledger_entries (merchant_id, amount, balance_after, reason, reference, note) VALUES ($1, 5000, 5000, 'promo_credit', 'PROMO-1', 'Promo akhir tahun')`, [id]);

  await signIn(page, owner.email, owner.password);
  await page.goto("/audit");
  const row = page.getByRole("row").filter({ hasText: "fraud.list.add" });
  await expect(row).toContainText("app_12 (partner_app)");
  await expect(row).toContainText("62899*");

  await page.goto("/balance");
  const entry = page.getByTestId("ledger-row").filter({ hasText: "PROMO-1" });
  await expect(entry).toContainText("promo_credit");
  await expect(entry).toContainText("Promo akhir tahun");
  await expect(page.locator("body")).not.toContainText("undefined");
});

test("a two-step channel a later release set: Keamanan names it as stored, and sign-in asks to try again instead of sending a code", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = operatorMerchant("Toko Kanal Baru");
  await signIn(page, owner.email, owner.password);
  // As a later release would store it: a channel this release cannot send codes over.
  await query(`UPDATE users SET two_step_channel = 'sms', two_step_destination = '6281299990123' WHERE email = $1`, [owner.email]);

  await page.goto("/security");
  const card = page.locator("#dua-langkah");
  await expect(card.getByTestId("two-step-status")).toContainText("Aktif Kode dikirim ke sms ••••0123.");
  await page.screenshot({ path: "e2e/artifacts/stored-enums-two-step-security.png", fullPage: true });

  await page.getByRole("button", { name: "Keluar" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Kata sandi").fill(owner.password);
  await page.getByRole("button", { name: "Masuk" }).click();
  await expect(page.getByText("Sandi sedang diperbarui dan belum dapat mengirim kode masuk untuk akun ini.")).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.screenshot({ path: "e2e/artifacts/stored-enums-two-step-sign-in.png", fullPage: true });
  await query(`UPDATE users SET two_step_channel = NULL, two_step_destination = NULL WHERE email = $1`, [owner.email]);
});
