// The account e-mails kept in account_emails (no SMTP in tests): the newest link of a kind to an address.
import { expect, vi } from "vitest";
import { getDb } from "@/server/db/client";

export async function mailsTo(email: string, contains = "") {
  const db = await getDb();
  return db.accountEmail.findMany({ where: { toAddress: email, body: { contains } }, orderBy: { id: "desc" } });
}

/** The token of the newest link to `path` e-mailed to this address, once the e-mail is written. */
export async function tokenMailedTo(email: string, path: string): Promise<string> {
  return vi.waitFor(async () => {
    const [mail] = await mailsTo(email, path);
    expect(mail).toBeDefined();
    return new URL(/(http\S+)/.exec(mail.body)![1]).searchParams.get("token")!;
  });
}
