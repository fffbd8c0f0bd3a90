// The environment's adapter per channel: the configured vendor (./vendors) when its
// credentials are set, else the sandbox. Vendor routes, test mode's sandbox and the order
// a send tries them are the routing service's (services/routing, docs/routing.md).
import type { Channel } from "@/generated/prisma/enums";
import { getDb } from "@/server/db/client";
import { ROUTE_REFRESH_MS } from "@/schemas/vendor-routes";
import type { ChannelAdapter } from "./channel";
import { sandboxAdapter } from "./sandbox";
import { configuredVendorAdapter } from "./vendors/configured-vendors";

type VendorSelector = (channel: Channel) => ChannelAdapter | null;

const selectors: VendorSelector[] = [];

/**
 * Extra selectors take precedence over configuration (tests use one to stand in for
 * an unreachable vendor). Returns the function that removes it again.
 */
export function registerVendorSelector(selector: VendorSelector): () => void {
  selectors.push(selector);
  return () => {
    const index = selectors.indexOf(selector);
    if (index >= 0) selectors.splice(index, 1);
  };
}

export function getChannelAdapter(channel: Channel): ChannelAdapter {
  for (const select of selectors) {
    const adapter = select(channel);
    if (adapter) return adapter;
  }
  return configuredVendorAdapter(channel) ?? sandboxAdapter;
}

/** How old the list of channels with vendor routes may get: the route cache's refresh (docs/routing.md). */
const ROUTED_REFRESH_MS = ROUTE_REFRESH_MS;
let routed: { at: number; channels: Promise<Set<Channel>> } | undefined;

/** Channels with an enabled vendor route to anything but the sandbox (a route that cannot be built counts too). */
function vendorRoutedChannels(now = Date.now()): Promise<Set<Channel>> {
  if (!routed || now - routed.at > ROUTED_REFRESH_MS) {
    const channels = getDb()
      .then((db) => db.vendorRoute.findMany({ where: { enabled: true, adapter: { not: "sandbox" } }, select: { channel: true }, distinct: ["channel"] }))
      .then((rows) => new Set(rows.map((r) => r.channel)));
    routed = { at: now, channels };
    channels.catch(() => (routed = undefined));
  }
  return routed.channels;
}

/** After a route change in this process (and in tests): the next question reads the routes again. */
export function forgetVendorRoutedChannels(): void {
  routed = undefined;
}

/**
 * True when nothing sent on `channel` in live mode leaves the service: the environment
 * configures no vendor for it and no enabled vendor route sends to one. Simulated payments,
 * the sandbox-only flows and the dashboard's sandbox banner depend on it.
 */
export async function isSandboxChannel(channel: Channel): Promise<boolean> {
  if (getChannelAdapter(channel) !== sandboxAdapter) return false;
  return !(await vendorRoutedChannels()).has(channel);
}
