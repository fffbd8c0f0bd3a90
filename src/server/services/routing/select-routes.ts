// Which vendor routes one send tries, in order (docs/routing.md): test mode only the
// sandbox; else the channel's enabled routes that accept the destination's prefix, ranked
// by rankRoutes (choose-route.ts); when none does, the route the environment configures
// (`env-<channel>`), or the sandbox when no vendor is configured at all. A live channel
// served by real vendor routes never falls to the sandbox for a destination its routes
// do not take: that send would be charged and reach nobody. With no route in the
// database this costs no round trip (route-cache.ts).
import type { Channel } from "@/generated/prisma/enums";
import { VendorUnavailableError, type ChannelAdapter } from "@/server/channels/channel";
import { getChannelAdapter } from "@/server/channels/registry";
import { sandboxAdapter, SANDBOX_PROVIDER } from "@/server/channels/sandbox";
import { prefixOf } from "@/server/services/fraud/prefix";
import { destinationKey } from "@/server/services/otp/destination";
import { measuredContext, rankRoutes, type RouteReason } from "./choose-route";
import { enabledRoutes, type LoadedRoute } from "./route-cache";

export type PlannedRoute = { name: string; reason: RouteReason; adapter: ChannelAdapter };

const SANDBOX_ROUTE: PlannedRoute = { name: SANDBOX_PROVIDER, reason: "only_route", adapter: sandboxAdapter };

/** The name recorded for a send no route could take. */
export const NO_ROUTE = "no-route";

/** Nothing can deliver this destination: the send is unreachable (free; the creation answers CHANNEL_UNAVAILABLE or its fallback takes over). */
function noRoute(channel: Channel): PlannedRoute {
  const adapter: ChannelAdapter = {
    provider: NO_ROUTE,
    deliver: () => Promise.reject(new VendorUnavailableError(NO_ROUTE, `no enabled ${channel} route accepts this destination`)),
  };
  return { name: NO_ROUTE, reason: "only_route", adapter };
}

/** The route the environment configures for a channel (one per channel), or the sandbox. */
export function environmentRoute(channel: Channel): PlannedRoute {
  const adapter = getChannelAdapter(channel);
  return adapter === sandboxAdapter ? SANDBOX_ROUTE : { name: `env-${channel}`, reason: "only_route", adapter };
}

/** A route with prefixes serves only destinations whose digits start with one of them; e-mail only routes without. */
export function acceptsDestination(route: Pick<LoadedRoute, "prefixes">, digits: string | null): boolean {
  if (route.prefixes.length === 0) return true;
  return digits !== null && route.prefixes.some((prefix) => digits.startsWith(prefix));
}

function isPhone(destination: string | null): destination is string {
  return !!destination && !destination.includes("@");
}

/** The routes a send tries, first to last; never empty. */
export async function planRoutes(channel: Channel, livemode: boolean, destination: string | null, random?: () => number): Promise<PlannedRoute[]> {
  if (!livemode) return [SANDBOX_ROUTE];
  const routes = await enabledRoutes();
  if (routes.length === 0) return [environmentRoute(channel)];
  const phone = isPhone(destination);
  const digits = phone ? destinationKey(destination) : null;
  const eligible = routes.filter((route) => route.channel === channel && acceptsDestination(route, digits));
  if (eligible.length === 0) {
    const fallback = environmentRoute(channel);
    const vendorRouted = routes.some((route) => route.channel === channel && route.adapter !== sandboxAdapter);
    return [fallback.adapter === sandboxAdapter && vendorRouted ? noRoute(channel) : fallback];
  }
  const prefix = phone ? prefixOf(destination) : null;
  // The prefix's figures only where routes share a priority (nothing is read for one route).
  const measured = measuredContext(eligible, channel, prefix);
  return rankRoutes(eligible, { channel, prefix, random, measured }).map(({ route, reason }, index) => ({
    name: route.name,
    reason: index === 0 ? reason : "failover",
    adapter: route.adapter,
  }));
}

/** True when some channel has several enabled routes: only then are route figures worth their query (the route gauges ask). */
export async function severalRoutesOnAChannel(): Promise<boolean> {
  const seen = new Set<Channel>();
  for (const route of await enabledRoutes()) {
    if (seen.has(route.channel)) return true;
    seen.add(route.channel);
  }
  return false;
}
