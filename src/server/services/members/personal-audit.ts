// A person's own settings (password, two-step) belong to no one account, but every
// account they are a member of must see the change in its log: one row per account.
import type { Tx } from "@/server/db/client";
import { recordAudit, type Actor } from "@/server/services/audit/record-audit";

export async function recordPersonalChange(tx: Tx, person: { id: number; actor: Actor }, action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null): Promise<void> {
  const user = await tx.user.findUniqueOrThrow({ where: { id: person.id }, select: { email: true, memberships: { select: { merchantId: true } } } });
  for (const m of user.memberships) await recordAudit(tx, { merchantId: m.merchantId, actor: person.actor, action, target: user.email, before, after });
}
