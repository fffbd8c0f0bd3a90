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
