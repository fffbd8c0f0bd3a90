// Every sign-up costs an argon2 hash and creates an account, so one address may
// start at most MAX_SIGN_UPS of them per window. The address comes from headers a
// client can forge when no proxy overwrites them, so the whole service also takes
// at most MAX_SIGN_UPS_TOTAL per window from anywhere: a script rotating addresses
// is held to that, at the price of sign-ups pausing for everyone meanwhile.
import { AppError } from "@/server/errors";
import { recordRateLimitRefusal } from "@/server/metrics/record";
import { getLoginThrottleStore, MAX_SIGN_UPS, MAX_SIGN_UPS_TOTAL, signUpThrottleKey, type LoginThrottleStore } from "./login-throttle";

export async function countSignUpAttempt(ip: string, store: LoginThrottleStore = getLoginThrottleStore()): Promise<void> {
  const [fromHere, fromAnywhere] = await Promise.all([store.increment(signUpThrottleKey(ip)), store.increment(signUpThrottleKey("*"))]);
  if (fromHere > MAX_SIGN_UPS || fromAnywhere > MAX_SIGN_UPS_TOTAL) recordRateLimitRefusal("sign_up");
  if (fromHere > MAX_SIGN_UPS) throw new AppError("RATE_LIMITED", "Terlalu banyak pendaftaran dari alamat ini. Coba lagi dalam 15 menit.");
  if (fromAnywhere > MAX_SIGN_UPS_TOTAL) throw new AppError("RATE_LIMITED", "Terlalu banyak pendaftaran saat ini. Coba lagi dalam 15 menit.");
}
