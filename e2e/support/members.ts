// Bringing a second person into an account, as the owner does it (docs/teams.md): the
// Tim page's invitation, and its link read from the operator's outbox (the e2e server
// has no SMTP).
import { expect, type Page } from "@playwright/test";
import { otpctl } from "./otpctl";

export async function invitationLink(email: string): Promise<string> {
  let link = "";
  await expect
    .poll(() => {
      const { mails } = otpctl<{ mails: { body: string }[] }>("mail", "list", "--to", email);
      link = mails.map((m) => /(http\S+)/.exec(m.body)?.[1] ?? "").find((l) => new URL(l).pathname === "/invite") ?? "";
      return link;
    }, { timeout: 20_000 })
    .not.toBe("");
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The signed-in owner invites `email` with the role's Indonesian label (Keuangan, Pemantau, …). */
export async function invite(page: Page, email: string, role: string) {
  await page.goto("/team");
  await page.getByTestId("invite-email").fill(email);
  await page.getByTestId("invite-role").selectOption({ label: role });
  await page.getByRole("button", { name: "Kirim undangan" }).click();
  await expect(page.getByText(`Undangan dikirim ke ${email}.`)).toBeVisible();
}

/** A new person on the invitation page (already open) chooses a name and password and joins `account`. */
export async function acceptAsNewPerson(page: Page, name: string, password: string, account: string) {
  await page.getByLabel("Nama Anda").fill(name);
  await page.getByLabel("Kata sandi baru", { exact: true }).fill(password);
  await page.getByLabel("Ulangi kata sandi baru").fill(password);
  await page.getByRole("button", { name: "Terima undangan" }).click();
  await expect(page.getByRole("status")).toContainText(`Anda kini anggota ${account}`);
}
