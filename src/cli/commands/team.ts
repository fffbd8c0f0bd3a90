import type { Command } from "../command";
import { resetTwoStep } from "@/server/services/accounts/reset-two-step";
import { listAudit } from "@/server/services/audit/list-audit";
import { listMembers } from "@/server/services/members/members";
import { findWorldOf } from "@/server/services/merchants/test-world";

/** The audit rows as operators read them: newest first, the fields docs/teams.md names. */
async function auditRows(merchantPublicId: string, limit: number | undefined) {
  const world = await findWorldOf(merchantPublicId, "live");
  const page = await listAudit(world.id, { limit: Math.min(limit ?? 200, 200) });
  return page.rows.map((r) => ({ actor: r.actor, actor_type: r.actor_type, action: r.action, target: r.target, before: r.before, after: r.after, ip: r.ip, user_agent: r.user_agent, at: r.at }));
}

export const teamCommands: Command[] = [
  {
    name: "audit",
    usage: "audit <merchant_id> [--limit N]   (the account's audit log, newest first: actor, action, target, before, after, ip, at)",
    flags: ["limit"],
    run: (a) => auditRows(a.positional(0, "merchant_id"), a.int("limit")),
  },
  {
    name: "member list",
    usage: "member list <merchant_id>   (the account's members and roles)",
    flags: [],
    run: async (a) => (await listMembers((await findWorldOf(a.positional(0, "merchant_id"), "live")).id, null)).map(({ you: _you, ...m }) => m),
  },
  {
    name: "account reset-two-step",
    usage: 'account reset-two-step <email> --checked "how the identity was checked"   (clears two-step sign-in; the owners are e-mailed; docs/teams.md)',
    flags: ["checked"],
    run: async (a) => resetTwoStep(a.positional(0, "email"), a.required("checked")),
  },
];
