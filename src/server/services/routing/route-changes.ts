// Who changed the platform's vendor routes, and how (docs/routing.md#who-changed-a-route):
// one append-only row per otpctl route change in route_changes, written in the change's
// own transaction, so a change that fails leaves no row. Routes serve every merchant, so
// their history is the operators', not in any merchant's audit log.
import { hostname, userInfo } from "node:os";
import { getEnv } from "@/env";
import type { Prisma, Tx } from "@/server/db/client";
import { getDb } from "@/server/db/client";
import { changedFields } from "@/server/services/audit/record-audit";

export type RouteChangeAction = "route.add" | "route.update" | "route.disable" | "route.enable";

/** What a change record keeps of a route: its settings and the names of its sealed secrets, never their values. */
export type RouteSettingsRecord = {
  channel: string;
  adapter: string;
  config: Record<string, string>;
  sealed: string[];
  priority: number;
  weight: number;
  prefixes: string[];
  enabled: boolean;
};

/** SANDI_OPERATOR, else the OS user and host otpctl runs as (a container may have no user entry). */
export function operatorName(): string {
  const given = getEnv().SANDI_OPERATOR;
  if (given) return given;
  let user = "unknown";
  try {
    user = userInfo().username;
  } catch {
    // no passwd entry for this uid
  }
  return `${user}@${hostname()}`;
}

export async function recordRouteChange(tx: Tx, route: string, action: RouteChangeAction, before: RouteSettingsRecord | null, after: RouteSettingsRecord | null): Promise<void> {
  // An update keeps only what it changed, so a row reads as the change itself.
  const diff = before && after ? changedFields(before, after) : { before, after };
  if (!diff) return;
  await tx.routeChange.create({
    data: { actor: operatorName(), action, route, before: (diff.before ?? undefined) as Prisma.InputJsonValue | undefined, after: (diff.after ?? undefined) as Prisma.InputJsonValue | undefined },
  });
}

export type RouteChangeView = { at: string; actor: string; action: string; route: string; before: unknown; after: unknown };

/** The newest changes first; `route` narrows to one route's. */
export async function listRouteChanges(filter: { route?: string; limit?: number } = {}): Promise<RouteChangeView[]> {
  const db = await getDb();
  const rows = await db.routeChange.findMany({ where: filter.route ? { route: filter.route } : {}, orderBy: { id: "desc" }, take: filter.limit ?? 50 });
  return rows.map((r) => ({ at: r.createdAt.toISOString(), actor: r.actor, action: r.action, route: r.route, before: r.before, after: r.after }));
}
