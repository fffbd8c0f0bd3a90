// A vendor adapter standing in for the real one on one channel, for tests of what the
// service does when a vendor is unreachable, crashes or answers oddly. Call
// useStandInVendors() in a describe block: each test's stand-ins, and anything else it
// hands to `undoAfter`, are undone after that test (or earlier, by `restore()`).
import { afterEach } from "vitest";
import type { Channel } from "@/generated/prisma/enums";
import type { DeliveryResult } from "@/server/channels/channel";
import { registerVendorSelector } from "@/server/channels/registry";

export function useStandInVendors() {
  const undos: (() => unknown)[] = [];
  const restore = async () => {
    for (const undo of undos.splice(0)) await undo();
  };
  afterEach(restore);
  return {
    /** Until restored, every delivery on `channel` goes to `deliver`, under the provider name "stand-in". */
    standIn(channel: Channel, deliver: () => Promise<DeliveryResult>) {
      undos.push(registerVendorSelector((c) => (c === channel ? { provider: "stand-in", deliver } : null)));
    },
    undoAfter(undo: () => unknown) {
      undos.push(undo);
    },
    restore,
  };
}
