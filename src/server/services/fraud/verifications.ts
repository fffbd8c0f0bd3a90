// Verified OTPs are what tell a real surge from pumping. Counting one must not slow
// /v3/verify down: the count is sent without waiting for it, and a lost count only
// makes detection a little stricter for a few minutes. The promise is there for callers
// that replay time (the fraud tests); /v3/verify does not wait for it.
import type { Channel } from "@/generated/prisma/enums";
import { getFraudStore } from "./detection-store";
import { WINDOW_MINUTES } from "./levels";
import { prefixOf } from "./prefix";

export function noteVerified(merchantId: number, channel: Channel, destination: string | null, at: Date): Promise<void> {
  if (destination === null || channel === "email" || channel === "whatsapp_inbound") return Promise.resolve();
  return getFraudStore()
    .recordVerified(String(merchantId), prefixOf(destination), Math.floor(at.getTime() / 60_000), WINDOW_MINUTES)
    .catch(() => undefined);
}
