import { expect, type Page } from "@playwright/test";
import { otpctl } from "./otpctl";

/** A merchant made by the operator (otpctl), so a test starts from a known account. */
export function operatorMerchant(name: string, extra: string[] = []) {
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, "-")}-${Date.now()}@toko.test`;
  const password = "rahasia-toko-123";
  const created = otpctl<{ merchant_id: string }>("merchant", "create", "--name", name, "--email", email, "--password", password, ...extra);
  return { ...created, email, password };
}

/** Signs in through the form, as the merchant would. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Kata sandi").fill(password);
  await page.getByRole("button", { name: "Masuk" }).click();
  await expect(page).toHaveURL(/\/overview$/);
}
