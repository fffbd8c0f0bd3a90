// The operator's vendor routes (otpctl route list|add|update|disable|enable): stored in
// vendor_routes, checked against their adapter's keys, secrets sealed, never printed.
// A change reaches this process at once and every other instance within the route
// cache's refresh (route-cache.ts, ROUTE_REFRESH_MS). Every change is recorded with who
// made it (route-changes.ts), in the same transaction.
import type { Channel } from "@/generated/prisma/enums";
import type { VendorRoute } from "@/generated/prisma/client";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { parseInput } from "@/server/validation";
import { newRouteInput, routeChangeInput, routeName, type NewRouteInput, type RouteChangeInput } from "@/schemas/vendor-routes";
import { ADAPTER_KINDS, adapterKind, type AdapterKind } from "./adapter-kinds";
import { forgetRoutes } from "./route-cache";
import { recordRouteChange, type RouteSettingsRecord } from "./route-changes";
import { sealSecrets } from "./route-secrets";
import { applySettings, resolveSettings, storedSettings } from "./route-settings";

/** A route as otpctl prints it: settings and references, the names of stored secrets, never their values. */
export type RouteView = {
  name: string;
  channel: Channel;
  adapter: string;
  config: Record<string, string>;
  stored_secrets: string[];
  priority: number;
  weight: number;
  prefixes: string[];
  enabled: boolean;
  /** Why this process could not build it (a referenced variable not set here, secrets sealed under another OTP_PEPPER); null when usable. */
  problem: string | null;
  created_at: string;
  updated_at: string;
};

function kindFor(name: string, channel: Channel): AdapterKind {
  const kind = adapterKind(name);
  if (!kind) throw new AppError("VALIDATION_ERROR", `unknown adapter "${name}"; expected one of ${ADAPTER_KINDS.map((k) => k.name).join(", ")}`, { field: "adapter" });
  if (!kind.channels.includes(channel)) {
    throw new AppError("VALIDATION_ERROR", `the ${kind.name} adapter serves ${kind.channels.join(", ")}, not ${channel}`, { field: "adapter" });
  }
  return kind;
}

function view(row: VendorRoute): RouteView {
  const stored = storedSettings(row);
  const kind = adapterKind(row.adapter);
  const problem = !stored.sealedOpen
    ? "its stored secrets cannot be opened with this OTP_PEPPER"
    : kind
      ? resolveSettings(kind, stored).problem
      : `unknown adapter ${row.adapter}`;
  return {
    name: row.name,
    channel: row.channel,
    adapter: row.adapter,
    config: stored.config,
    stored_secrets: Object.keys(stored.secrets).sort(),
    priority: row.priority,
    weight: row.weight,
    prefixes: row.prefixes,
    enabled: row.enabled,
    problem,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the change log keeps of a route (RouteView without its problem and times; secrets by name only). */
function settingsOf(route: RouteView): RouteSettingsRecord {
  return { channel: route.channel, adapter: route.adapter, config: route.config, sealed: route.stored_secrets, priority: route.priority, weight: route.weight, prefixes: route.prefixes, enabled: route.enabled };
}

async function findRoute(name: string): Promise<VendorRoute> {
  const db = await getDb();
  const row = await db.vendorRoute.findUnique({ where: { name } });
  if (!row) throw new AppError("NOT_FOUND", `no route named "${name}" (otpctl route list)`);
  return row;
}

/** Every route, by channel, then the order they are tried in (priority, then name). */
export async function listRoutes(filter: { channel?: Channel } = {}): Promise<RouteView[]> {
  const db = await getDb();
  const rows = await db.vendorRoute.findMany({ where: filter.channel ? { channel: filter.channel } : {}, orderBy: [{ channel: "asc" }, { priority: "asc" }, { name: "asc" }] });
  return rows.map(view);
}

export async function addRoute(input: NewRouteInput): Promise<RouteView> {
  const route = parseInput(newRouteInput, input);
  const kind = kindFor(route.adapter, route.channel);
  const settings = applySettings(kind, { config: {}, secrets: {} }, route.config);
  const db = await getDb();
  if (await db.vendorRoute.findUnique({ where: { name: route.name } })) throw new AppError("CONFLICT", `a route named "${route.name}" exists; change it with otpctl route update`);
  const added = await db.$transaction(async (tx) => {
    const row = await tx.vendorRoute.create({
      data: {
        name: route.name,
        channel: route.channel,
        adapter: kind.name,
        config: settings.config,
        secretConfig: sealSecrets(route.name, settings.secrets),
        priority: route.priority,
        weight: route.weight,
        prefixes: route.prefixes,
      },
    });
    const shown = view(row);
    await recordRouteChange(tx, row.name, "route.add", null, settingsOf(shown));
    return shown;
  });
  changed();
  return added;
}

/** Changes what is given: config keys merge (an empty value removes one); a new adapter starts from the keys given with it. */
export async function updateRoute(name: string, input: RouteChangeInput): Promise<RouteView> {
  const change = parseInput(routeChangeInput, input);
  const row = await findRoute(parseInput(routeName, name));
  const kind = kindFor(change.adapter ?? row.adapter, row.channel);
  const current = change.adapter && change.adapter !== row.adapter ? { config: {}, secrets: {} } : storedSettings(row);
  const settings = applySettings(kind, current, change.config);
  const db = await getDb();
  const updated = await db.$transaction(async (tx) => {
    const next = await tx.vendorRoute.update({
      where: { id: row.id },
      data: {
        adapter: kind.name,
        config: settings.config,
        secretConfig: sealSecrets(row.name, settings.secrets),
        ...(change.priority === undefined ? {} : { priority: change.priority }),
        ...(change.weight === undefined ? {} : { weight: change.weight }),
        ...(change.prefixes === undefined ? {} : { prefixes: change.prefixes }),
      },
    });
    const shown = view(next);
    await recordRouteChange(tx, row.name, "route.update", settingsOf(view(row)), settingsOf(shown));
    return shown;
  });
  changed();
  return updated;
}

export async function setRouteEnabled(name: string, enabled: boolean): Promise<RouteView> {
  const row = await findRoute(name);
  const db = await getDb();
  const updated = await db.$transaction(async (tx) => {
    const shown = view(await tx.vendorRoute.update({ where: { id: row.id }, data: { enabled } }));
    await recordRouteChange(tx, row.name, enabled ? "route.enable" : "route.disable", settingsOf(view(row)), settingsOf(shown));
    return shown;
  });
  changed();
  return updated;
}

/** This process takes the change at once; every other instance within ROUTE_REFRESH_MS. */
function changed(): void {
  forgetRoutes();
}
