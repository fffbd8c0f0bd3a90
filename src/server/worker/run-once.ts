// One pass of the background worker: every due webhook delivery, claimed with a
// lease. Tests drive it with their own clock (`now`), fetch and timeout.
import { deliverDueWebhooks, type RunOptions } from "@/server/services/webhooks/deliver-due";

export type RunOnceOptions = RunOptions;

/** Delivers what is due at `now` (default: the current time); returns how many deliveries were claimed. */
export function runOnce(options: RunOnceOptions = {}): Promise<number> {
  return deliverDueWebhooks(options);
}
