// Operator recovery (docs/teams.md, "A locked-out member"): a person who lost the
// phone or mailbox their two-step codes go to asks the operator, who checks who is
// asking first (the check is named in --checked and kept in the audit log), then
// clears two-step for that login. Every owner of every account the person belongs
// to is told by e-mail, and each account's log gets the row.
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { OPERATOR } from "@/server/services/audit/record-audit";
import { adoptLoginByEmail } from "@/server/services/members/adopt-login";
import { noticeOwners } from "@/server/services/members/owner-notices";
import { recordPersonalChange } from "@/server/services/members/personal-audit";

export async function resetTwoStep(email: string, identityCheck: string): Promise<{ email: string; two_step_was: string | null; merchants: string[] }> {
  const address = email.trim().toLowerCase();
  if (identityCheck.trim().length < 10) throw new AppError("VALIDATION_ERROR", "--checked must say how the person's identity was checked (see docs/teams.md).");
  await adoptLoginByEmail(address);
  const db = await getDb();
  const user = await db.user.findUnique({ where: { email: address }, select: { id: true, twoStepChannel: true, memberships: { select: { merchantId: true, merchant: { select: { merchantId: true } } } } } });
  if (!user) throw new AppError("NOT_FOUND", `No Sandi login with the e-mail ${address}.`);
  if (user.twoStepChannel) {
    await db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: user.id }, data: { twoStepChannel: null, twoStepDestination: null } });
      await recordPersonalChange(tx, { id: user.id, actor: OPERATOR }, "two_step.reset", { enabled: true, channel: user.twoStepChannel }, { enabled: false, identity_check: identityCheck.trim().slice(0, 500) });
    });
    for (const m of user.memberships) await noticeOwners(m.merchantId, { kind: "two_step_cleared", email: address });
  }
  return { email: address, two_step_was: user.twoStepChannel, merchants: user.memberships.map((m) => m.merchant.merchantId) };
}
