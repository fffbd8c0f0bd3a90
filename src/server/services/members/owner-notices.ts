// Every owner of an account hears about changes to who controls it (a member added,
// ownership moved, two-step cleared by an operator), sent after the change commits.
import { getDb } from "@/server/db/client";
import { sendAccountMail } from "@/server/services/accounts/account-mail";
import { ownerNoticeMail, type OwnerNotice } from "./member-mail-texts";

export async function noticeOwners(merchantId: number, notice: OwnerNotice): Promise<void> {
  const db = await getDb();
  const merchant = await db.merchant.findUnique({ where: { id: merchantId }, select: { name: true, memberships: { where: { role: "owner" }, select: { user: { select: { email: true } } } } } });
  // Awaited: otpctl exits right after, and a notice must not be lost with the process.
  for (const owner of merchant?.memberships ?? []) await sendAccountMail(ownerNoticeMail(owner.user.email, merchant!.name, notice));
}
