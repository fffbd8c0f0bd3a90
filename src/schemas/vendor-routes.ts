// Vendor routes as the operator gives them (otpctl route add|update, docs/routing.md).
import { z } from "zod";
import { CHANNEL_VALUES } from "./v3/otp";

/** The channels a route can serve: whatsapp_inbound sends nothing. */
export type RoutedChannel = Exclude<(typeof CHANNEL_VALUES)[number], "whatsapp_inbound">;
export const ROUTED_CHANNELS = CHANNEL_VALUES.filter((c): c is RoutedChannel => c !== "whatsapp_inbound");

/** Names the service gives its implicit routes; an operator's route cannot take them. */
export const RESERVED_ROUTE_NAME = /^(env-.*|sandbox|stand-in)$/;
export const ROUTE_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;
export const ROUTE_PRIORITY = { min: 0, max: 10_000, default: 100 } as const;
export const ROUTE_WEIGHT = { min: 0, max: 10_000, default: 100 } as const;
/** How old each process's copy of the routes may get before it is refreshed: how long a change takes to reach every instance. */
export const ROUTE_REFRESH_MS = 5000;
const CONFIG_KEY = /^[a-z][a-z0-9_]{0,62}$/;

export const routeName = z
  .string()
  .regex(ROUTE_NAME, "a route's name is lower-case letters, digits, - and _ (at most 63), starting with a letter or digit")
  .refine((name) => !RESERVED_ROUTE_NAME.test(name), "env-…, sandbox and stand-in name the service's own routes");

const priority = z.number().int().min(ROUTE_PRIORITY.min).max(ROUTE_PRIORITY.max);
const weight = z.number().int().min(ROUTE_WEIGHT.min).max(ROUTE_WEIGHT.max);
/** Destination prefixes: digits, country code first (62811 Telkomsel); empty = every destination. */
const prefixes = z.array(z.string().regex(/^\d{1,15}$/, "a prefix is digits only, country code first (e.g. 62811)")).max(200);
/** key=value settings; an empty value removes the key on update. */
const config = z.record(z.string().regex(CONFIG_KEY, "a --config key is lower-case letters, digits and _"), z.string().max(2000));

export const newRouteInput = z.object({
  name: routeName,
  channel: z.enum(ROUTED_CHANNELS),
  adapter: z.string().min(1),
  config: config.default({}),
  priority: priority.default(ROUTE_PRIORITY.default),
  weight: weight.default(ROUTE_WEIGHT.default),
  prefixes: prefixes.default([]),
});
export type NewRouteInput = z.input<typeof newRouteInput>;

export const routeChangeInput = z.object({
  adapter: z.string().min(1).optional(),
  config: config.default({}),
  priority: priority.optional(),
  weight: weight.optional(),
  prefixes: prefixes.optional(),
});
export type RouteChangeInput = z.input<typeof routeChangeInput>;
