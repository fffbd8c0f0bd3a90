// The audit log (docs/teams.md): one append-only row per change to a merchant,
// written with the change's own transaction client, so a change that rolls back
// leaves no row and a row never describes a change that did not happen.
import type { Prisma, Tx } from "@/server/db/client";

/**
 * Who made a change: a signed-in member (with the request's address and browser), an
 * operator at otpctl, or an API key through /v3 (named by its display prefix, the
 * sk_live_ab12 the dashboard shows, never the key; with the caller's address).
 */
export type Actor =
  | { kind: "member"; userId: number; email: string; ip?: string | null; userAgent?: string | null }
  | { kind: "api_key"; prefix: string; ip?: string | null; userAgent?: string | null }
  | { kind: "operator" };

export const OPERATOR: Actor = { kind: "operator" };

/** A change an operator makes to this merchant (or world); the default where only otpctl and tests call without a member. */
export const operatorOn = (merchantId: number): ChangeBy => ({ actor: OPERATOR, merchantId });

/** A change made for a merchant (its live account's internal id) by an actor. */
export type ChangeBy = { actor: Actor; merchantId: number };

/** "live" or "test": the world (`merchantId`) a change is made in, for its row (`by` names the live account). */
export const worldModeOf = (merchantId: number, by: ChangeBy): "live" | "test" => (merchantId === by.merchantId ? "live" : "test");

export type AuditEntry = {
  merchantId: number;
  actor: Actor;
  /** e.g. "key.create", "webhook.url", "member.role"; the list is in docs/teams.md. */
  action: string;
  /** What was changed: a key id, an e-mail, "live"/"test" world, a prefix. */
  target?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Field names that may hold a secret; their values never reach the log, whatever a caller passes. */
const SECRET_FIELD = /secret|password|hash|api_?key|token|code|otp/i;

function withoutSecrets(value: Record<string, unknown> | null | undefined): Prisma.InputJsonValue | undefined {
  if (!value) return undefined;
  const kept: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) if (!SECRET_FIELD.test(name) && field !== undefined) kept[name] = field;
  return kept as Prisma.InputJsonValue;
}

/** `merchantId` may be a test world's: the row goes to its live account, whose owners read the log. */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  const actor = entry.actor;
  // Members and API keys come with a request; an operator's row has no address.
  const request = actor.kind === "operator" ? null : actor;
  const world = await tx.merchant.findUnique({ where: { id: entry.merchantId }, select: { liveMerchantId: true } });
  await tx.auditLog.create({
    data: {
      merchantId: world?.liveMerchantId ?? entry.merchantId,
      actorType: actor.kind,
      actor: actor.kind === "member" ? actor.email : actor.kind === "api_key" ? actor.prefix : "operator",
      action: entry.action,
      target: entry.target ?? "",
      before: withoutSecrets(entry.before),
      after: withoutSecrets(entry.after),
      ip: request?.ip ?? null,
      userAgent: request?.userAgent?.slice(0, 400) ?? null,
    },
  });
}

/** Only the fields that differ, so a row reads as the change itself. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const name of Object.keys(after)) {
    if (after[name] === undefined) continue;
    if (JSON.stringify(before[name]) === JSON.stringify(after[name])) continue;
    b[name] = before[name];
    a[name] = after[name];
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}
