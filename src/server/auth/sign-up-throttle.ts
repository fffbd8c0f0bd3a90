// Every sign-up costs an argon2 hash and creates an account, so one address may
// start at most MAX_SIGN_UPS of them per window, and the whole service at most
// MAX_SIGN_UPS_TOTAL (a script with many addresses is held to that). Only
// well-formed sign-ups reach this count (the procedure parses its input first),
// so junk requests cannot use the total to pause sign-ups for everyone.
import { THROTTLE_WAIT } from "@/lib/throttle-window";
import { AppError } from "@/server/errors";
import { recordRateLimitRefusal } from "@/server/metrics/record";
import { getThrottleStore, type ThrottleStore } from "@/server/throttle/throttle-store";
import { MAX_SIGN_UPS, MAX_SIGN_UPS_TOTAL, signUpThrottleKey } from "./login-throttle";

export async function countSignUpAttempt(ip: string, store: ThrottleStore = getThrottleStore()): Promise<void> {
  const [fromHere, fromAnywhere] = await Promise.all([store.increment(signUpThrottleKey(ip)), store.increment(signUpThrottleKey("*"))]);
  if (fromHere > MAX_SIGN_UPS || fromAnywhere > MAX_SIGN_UPS_TOTAL) recordRateLimitRefusal("sign_up");
  if (fromHere > MAX_SIGN_UPS) throw new AppError("RATE_LIMITED", `Terlalu banyak pendaftaran dari alamat ini. ${THROTTLE_WAIT}`);
  if (fromAnywhere > MAX_SIGN_UPS_TOTAL) throw new AppError("RATE_LIMITED", `Terlalu banyak pendaftaran saat ini. ${THROTTLE_WAIT}`);
}
