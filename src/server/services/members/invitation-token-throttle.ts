// Invitation links carry 32 random bytes, so guessing one is hopeless; still, the page's
// preview and the acceptance are public, so every look-up of a token is counted per
// client address in the throttle store's 15-minute windows and a valid one is taken
// back: an address gets MAX_INVALID_INVITATION_TOKENS unknown, spent, cancelled or
// expired links per window, then every link is refused from it until the window ends
// (refusing only the invalid ones would still answer whether a token is valid).
import { THROTTLE_WAIT } from "@/lib/throttle-window";
import { AppError } from "@/server/errors";
import { recordRateLimitRefusal } from "@/server/metrics/record";
import type { ThrottleStore } from "@/server/throttle/throttle-store";

export const MAX_INVALID_INVITATION_TOKENS = 10;

function tokenThrottleKey(ip: string): string {
  return `invitation-token|${ip}`;
}

/** Runs `open` (which throws for an invalid token) unless the address is over its limit of invalid tokens. */
export async function openCountingInvalidTokens<T>(ip: string, store: ThrottleStore, open: () => Promise<T>): Promise<T> {
  if ((await store.increment(tokenThrottleKey(ip))) > MAX_INVALID_INVITATION_TOKENS) {
    recordRateLimitRefusal("invitation_token");
    throw new AppError("RATE_LIMITED", `Terlalu banyak tautan undangan yang tidak valid dari alamat ini. ${THROTTLE_WAIT}`);
  }
  const opened = await open();
  await store.forgive(tokenThrottleKey(ip));
  return opened;
}
