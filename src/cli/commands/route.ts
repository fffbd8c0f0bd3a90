// otpctl route list|add|update|disable|enable|adapters|history: a channel's vendor routes
// (docs/routing.md). The rules live in services/routing; this only reads the flags.
import { UsageError, type Args } from "../args";
import type { Command } from "../command";
import { ROUTE_REFRESH_MS, ROUTED_CHANNELS, type RoutedChannel } from "@/schemas/vendor-routes";
import { ADAPTER_KINDS } from "@/server/services/routing/adapter-kinds";
import { listRouteChanges } from "@/server/services/routing/route-changes";
import { addRoute, listRoutes, setRouteEnabled, updateRoute } from "@/server/services/routing/route-store";

const CHANGE_FLAGS = ["config", "priority", "weight", "prefixes"];

function channelOf(value: string): RoutedChannel {
  if (!(ROUTED_CHANNELS as readonly string[]).includes(value)) throw new UsageError(`--channel must be one of ${ROUTED_CHANNELS.join(", ")}, got "${value}"`);
  return value as RoutedChannel;
}

/** Each --config key=value (repeatable); an empty value removes the key on update. */
function configOf(a: Args): Record<string, string> {
  const config: Record<string, string> = {};
  for (const pair of a.all("config")) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new UsageError(`--config takes key=value, got "${pair}"`);
    const key = pair.slice(0, eq).trim();
    if (Object.hasOwn(config, key)) throw new UsageError(`--config ${key} given more than once`);
    config[key] = pair.slice(eq + 1);
  }
  return config;
}

/** --prefixes 62811,62812 (an empty value: every destination). */
function prefixesOf(a: Args): string[] | undefined {
  const value = a.string("prefixes");
  if (value === undefined) return undefined;
  return value
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
}

const refresh = `other instances take a change within about ${ROUTE_REFRESH_MS / 1000} s`;

export const routeCommands: Command[] = [
  {
    name: "route list",
    usage: "route list [--channel C]                                            (vendor routes, in the order each channel tries them; secrets never shown)",
    flags: ["channel"],
    run: async (a) => {
      const channel = a.string("channel");
      return { routes: await listRoutes(channel ? { channel: channelOf(channel) } : {}) };
    },
  },
  {
    name: "route adapters",
    usage: "route adapters                                                      (each adapter's channels and --config keys)",
    flags: [],
    run: async () => ({
      adapters: ADAPTER_KINDS.map((kind) => ({
        name: kind.name,
        channels: kind.channels,
        config: kind.keys.map((k) => ({ key: k.secret ? `${k.key}_env` : k.key, secret: k.secret, required: k.required, description: k.description, ...(k.fallback ? { default: k.fallback } : {}) })),
      })),
    }),
  },
  {
    name: "route add",
    usage: `route add <name> --channel C --adapter A [--config key=value]... [--priority N] [--weight N] [--prefixes 62811,62812]   (${refresh})`,
    flags: ["channel", "adapter", ...CHANGE_FLAGS],
    run: (a) =>
      addRoute({
        name: a.positional(0, "route name"),
        channel: channelOf(a.required("channel")),
        adapter: a.required("adapter"),
        config: configOf(a),
        priority: a.int("priority"),
        weight: a.int("weight"),
        prefixes: prefixesOf(a),
      }),
  },
  {
    name: "route update",
    usage: "route update <name> [--adapter A] [--config key=value]... [--priority N] [--weight N] [--prefixes P,…]   (config keys merge; key= removes one)",
    flags: ["adapter", ...CHANGE_FLAGS],
    run: (a) => updateRoute(a.positional(0, "route name"), { adapter: a.string("adapter"), config: configOf(a), priority: a.int("priority"), weight: a.int("weight"), prefixes: prefixesOf(a) }),
  },
  { name: "route disable", usage: "route disable <name>", flags: [], run: (a) => setRouteEnabled(a.positional(0, "route name"), false) },
  { name: "route enable", usage: "route enable <name>", flags: [], run: (a) => setRouteEnabled(a.positional(0, "route name"), true) },
  {
    name: "route history",
    usage: "route history [--route NAME] [--limit N]                           (who changed which route and how, newest first; SANDI_OPERATOR names you)",
    flags: ["route", "limit"],
    run: async (a) => {
      const limit = a.int("limit") ?? 50;
      if (limit < 1 || limit > 500) throw new UsageError(`--limit must be between 1 and 500, got ${limit}`);
      return { changes: await listRouteChanges({ route: a.string("route"), limit }) };
    },
  },
];
