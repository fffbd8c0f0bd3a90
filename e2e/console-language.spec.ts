// The console speaks one language: every screen reached from the menu is walked and
// its headings, column heads, labels, buttons, legends, badges and menu links are
// checked for English words (docs/glossary.md lists the loanwords that stay, such as
// API key, webhook, sandbox, and the one date format).
import { expect, test } from "@playwright/test";
import { otpctl } from "./support/otpctl";
import { operatorMerchant, signIn } from "./support/sign-in";

/** English UI words a screen must not show; loanwords kept on purpose are in docs/glossary.md. */
const ENGLISH =
  /\b(Request ID|Fraud guard|Missed call|Insights|Settings|Submit|Save|Cancel|Delete|Loading|Error|Success|Search|Filter|Export|Download|Balance|Transactions?|Overview|Security|Sign (?:in|up|out)|Log ?(?:out|API)|Total paid|Amount|Date|Password|Copy|Show|Hide|Next|Previous|Back|Created|Updated|Delivered|Failed|Pending|Verified|Active|Expired|Receipt|Invoice|Details|Summary|Inbox|Refresh|Retry|Close|Edit|Remove|Keys)\b/;

const LABELS = "main h1, main h2, main h3, main th, main label, main button, main legend, main [data-badge], main dt, aside a, aside button, header a";

test("no English label on any console screen", async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const merchant = operatorMerchant("Toko Bahasa", ["--brand", "Toko Bahasa", "--saldo", "10000"]);
  // A failed send and a delivered one, so the transaction detail shows a reason and a timeline.
  const { api_key: key } = otpctl<{ api_key: string }>("key", "create", merchant.merchant_id);
  const failed = await request.post("/v3/request", { headers: { authorization: `Bearer ${key}` }, data: { channel: "whatsapp", destination: "6281234560002", fallback: ["sms"] } });
  const otpId = (await failed.json()).data.otp_id as string;
  await signIn(page, merchant.email, merchant.password);
  const menu = await page.locator("aside a[href^='/']").evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")!))]);
  const screens = [...menu, `/transactions/${otpId}`];
  expect(menu.length).toBeGreaterThanOrEqual(10);
  const found: string[] = [];
  for (const mode of ["live", "test"]) {
    if (mode === "test") await page.getByTestId("mode-switch").last().click();
    // The transaction is live; in test mode its page says it is not found, which is checked too.
    for (const path of screens.filter((p) => p !== "/docs")) {
      await page.goto(path);
      await expect(page.locator("main h1").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      const texts = await page.locator(LABELS).allInnerTexts();
      for (const text of texts) {
        const match = ENGLISH.exec(text);
        if (match) found.push(`${mode} ${path}: "${match[0]}" in "${text.trim().slice(0, 60)}"`);
      }
    }
  }
  expect(found).toEqual([]);

  // A printed page (a receipt, say) does not carry the test-mode banner.
  await expect(page.getByTestId("test-mode-banner")).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("test-mode-banner")).toBeHidden();
  await page.emulateMedia({ media: "screen" });
});
