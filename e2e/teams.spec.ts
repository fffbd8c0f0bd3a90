// Teams end to end (docs/teams.md): the owner invites by e-mail, the invitee accepts
// through the link (read from the operator's outbox: the e2e server has no SMTP), signs
// in and sees only what the role allows; the owner removes them and their open session
// ends at once. A person in two accounts switches between them. Screens are saved to
// e2e/artifacts/ at 375, 1024 and 1280 px.
import { expect, test, type Page } from "@playwright/test";
import { shotsAtThreeWidths } from "./support/layout";
import { acceptAsNewPerson, invitationLink, invite } from "./support/members";
import { otpctl } from "./support/otpctl";
import { operatorMerchant, signIn } from "./support/sign-in";

// Two people, three widths of screenshots and a dozen page loads: longer than one flow on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

const menu = (page: Page) => page.getByRole("navigation", { name: "Menu dashboard" }).last();

test("owner invites a finance member, who accepts, sees only what finance may, and loses the session when removed", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = operatorMerchant("Toko Tim");
  await signIn(page, owner.email, owner.password);
  const memberEmail = `keuangan-${Date.now()}@toko.test`;
  await invite(page, memberEmail, "Keuangan");
  await expect(page.getByText(`${memberEmail} · Keuangan`)).toBeVisible();
  await shotsAtThreeWidths(page, "teams-01-team-owner");

  const member = await browser.newPage();
  await member.setViewportSize({ width: 1280, height: 900 });
  await member.goto(await invitationLink(memberEmail));
  await expect(member.getByTestId("invitation-summary")).toContainText("Toko Tim");
  await expect(member.getByTestId("invitation-summary")).toContainText("Keuangan");
  await shotsAtThreeWidths(member, "teams-02-accept-invitation");
  await acceptAsNewPerson(member, "Bu Keuangan", "sandi-keuangan-1", "Toko Tim");
  await signIn(member, memberEmail, "sandi-keuangan-1");

  // Finance: saldo and top-ups, no keys, no webhooks' secret, no team management.
  await expect(member.getByTestId("member-role").last()).toHaveText("Peran: Keuangan");
  await expect(menu(member).getByRole("link", { name: "Saldo" })).toBeVisible();
  await expect(menu(member).getByRole("link", { name: "API key" })).toHaveCount(0);
  await expect(menu(member).getByRole("link", { name: "Webhook" })).toHaveCount(0);
  await expect(menu(member).getByRole("link", { name: "Catatan audit" })).toHaveCount(0);
  await member.goto("/balance");
  await expect(member.getByRole("heading", { name: "Isi saldo", exact: true })).toBeVisible();
  await member.goto("/api-keys");
  await expect(member.getByTestId("no-access")).toContainText("Keuangan");
  await shotsAtThreeWidths(member, "teams-03-no-access");
  await member.goto("/team");
  await expect(member.getByRole("button", { name: "Kirim undangan" })).toHaveCount(0);
  await expect(member.getByRole("button", { name: "Keluarkan" })).toHaveCount(0);

  // A developer's server blocks a number with the account's API key: the audit log names the key, never the key itself.
  const { api_key: key } = otpctl<{ api_key: string }>("key", "create", owner.merchant_id);
  const blocked = await page.request.post("/v3/lists/block", { headers: { Authorization: `Bearer ${key}` }, data: { value: "6281299990000" } });
  expect(blocked.status()).toBe(200);

  // The owner sees the join and the key's change in the audit log, then removes the member.
  await page.goto("/audit");
  await expect(page.getByText("member.join")).toBeVisible();
  await expect(page.getByText("member.invite")).toBeVisible();
  const keyRow = page.getByRole("row").filter({ hasText: "fraud.list.add" });
  await expect(keyRow).toContainText(`API key ${key.slice(0, 12)}`);
  await expect(keyRow).toContainText("6281299990000");
  await expect(page.locator("body")).not.toContainText(key);
  await shotsAtThreeWidths(page, "teams-04-audit-log");
  await page.goto("/team");
  const row = page.getByRole("row").filter({ hasText: memberEmail });
  await row.getByRole("button", { name: "Keluarkan" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Keluarkan" }).click();
  await expect(page.getByRole("row").filter({ hasText: memberEmail })).toHaveCount(0);

  // The member's open session is over at the next request.
  await member.goto("/balance");
  await expect(member).toHaveURL(/\/sign-in/);
  await member.close();
});

test("a person in two accounts switches between them from the menu", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const a = operatorMerchant("Toko Satu");
  const b = operatorMerchant("Toko Dua");
  await signIn(page, b.email, b.password);
  await invite(page, a.email, "Developer");
  const link = await invitationLink(a.email);
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByTestId("invitation-summary")).toContainText("Toko Dua");
  await page.getByLabel("Kata sandi Sandi Anda").fill(a.password);
  await page.getByRole("button", { name: "Terima undangan" }).click();
  await expect(page.getByRole("status")).toContainText("Anda kini anggota Toko Dua");

  await signIn(page, a.email, a.password);
  const switcher = page.getByTestId("merchant-switch").last();
  await expect(switcher).toHaveValue(a.merchant_id);
  await expect(page.getByTestId("member-role").last()).toHaveText("Peran: Pemilik");
  await switcher.selectOption(b.merchant_id);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId("merchant-switch").last()).toHaveValue(b.merchant_id);
  await expect(page.getByTestId("member-role").last()).toHaveText("Peran: Developer");
  await expect(menu(page).getByRole("link", { name: "Tim" })).toBeVisible();
  await expect(menu(page).getByRole("link", { name: "Saldo" })).toHaveCount(0);
  await shotsAtThreeWidths(page, "teams-05-switched-account");
});
