// The enabled vendor routes, built into adapters, kept in this process: a creation reads
// them without a round trip. The copy is refreshed in the background once it is older than
// ROUTE_REFRESH_MS (the request that notices serves the copy it has), so an `otpctl route`
// change reaches every instance within about that long (docs/routing.md); the process
// that made the change forgets its copy at once. Only the first read waits for the database.
import type { Channel } from "@/generated/prisma/enums";
import { VendorUnavailableError, type ChannelAdapter } from "@/server/channels/channel";
import { forgetVendorRoutedChannels } from "@/server/channels/registry";
import { getDb } from "@/server/db/client";
import { log, messageOf } from "@/server/log";
import { ROUTE_REFRESH_MS } from "@/schemas/vendor-routes";
import { adapterKind } from "./adapter-kinds";
import { resolveSettings, storedSettings } from "./route-settings";


export type LoadedRoute = {
  name: string;
  channel: Channel;
  priority: number;
  weight: number;
  prefixes: string[];
  adapter: ChannelAdapter;
};

let copy: { at: number; routes: LoadedRoute[] } | undefined;
let loading: Promise<LoadedRoute[]> | undefined;
/** Bumped by forgetRoutes, so a load begun before a change does not overwrite what follows it. */
let generation = 0;

/** A route this process cannot build still takes its turn, and fails over at once: the operator sees why in the log. */
function unusable(name: string, provider: string, problem: string): ChannelAdapter {
  return {
    provider,
    async deliver() {
      throw new VendorUnavailableError(provider, `route ${name} is not usable here: ${problem}`);
    },
  };
}

function build(row: { name: string; channel: Channel; adapter: string; config: unknown; secretConfig: string | null }): ChannelAdapter {
  const kind = adapterKind(row.adapter);
  if (!kind) return unusable(row.name, row.adapter, `unknown adapter ${row.adapter}`);
  const stored = storedSettings({ name: row.name, config: row.config as never, secretConfig: row.secretConfig });
  if (!stored.sealedOpen) return unusable(row.name, kind.name, "its stored secrets cannot be opened with this OTP_PEPPER");
  const { settings, problem } = resolveSettings(kind, stored);
  if (problem) {
    log.warn({ route: row.name, problem }, "vendor route not usable");
    return unusable(row.name, kind.name, problem);
  }
  return kind.build(settings, { name: row.name, channel: row.channel });
}

async function load(): Promise<LoadedRoute[]> {
  const started = generation;
  const db = await getDb();
  const rows = await db.vendorRoute.findMany({ where: { enabled: true }, orderBy: [{ priority: "asc" }, { name: "asc" }] });
  const routes = rows.map((row) => ({ name: row.name, channel: row.channel, priority: row.priority, weight: row.weight, prefixes: row.prefixes, adapter: build(row) }));
  if (started === generation) copy = { at: Date.now(), routes };
  return routes;
}

function refresh(): Promise<LoadedRoute[]> {
  loading ??= load().finally(() => {
    loading = undefined;
  });
  return loading;
}

/** The enabled routes of every channel, as of at most about ROUTE_REFRESH_MS ago. */
export async function enabledRoutes(now = Date.now()): Promise<LoadedRoute[]> {
  if (!copy) return refresh();
  if (now - copy.at > ROUTE_REFRESH_MS && !loading) {
    // The copy stays in use while the database answers; a failed refresh keeps it and is tried again later.
    refresh().catch((err: unknown) => {
      if (copy) copy.at = Date.now();
      log.warn({ error: messageOf(err) }, "vendor routes not refreshed; serving the previous copy");
    });
  }
  return copy.routes;
}

/** The next read goes to the database (after a change by this process, and in tests). */
export function forgetRoutes(): void {
  forgetVendorRoutedChannels();
  generation += 1;
  copy = undefined;
  loading = undefined;
}
