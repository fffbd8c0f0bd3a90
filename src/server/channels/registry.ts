// The environment's adapter per channel: the configured vendor (./vendors) when its
// credentials are set, else the sandbox. Vendor routes, test mode's sandbox and the order
// a send tries them are the routing service's (services/routing, docs/routing.md).
import type { Channel } from "@/generated/prisma/enums";
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

/** True when every channel delivers through the sandbox (the dashboard shows its inbox then). */
export function isSandboxChannel(channel: Channel): boolean {
  return getChannelAdapter(channel) === sandboxAdapter;
}
