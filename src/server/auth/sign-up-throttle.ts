// Every sign-up costs an argon2 hash and creates an account, so one address may
// start at most MAX_SIGN_UPS of them per window.
import { AppError } from "@/server/errors";
import { getLoginThrottleStore, MAX_SIGN_UPS, signUpThrottleKey, type LoginThrottleStore } from "./login-throttle";

export async function countSignUpAttempt(ip: string, store: LoginThrottleStore = getLoginThrottleStore()): Promise<void> {
  const attempts = await store.increment(signUpThrottleKey(ip));
  if (attempts > MAX_SIGN_UPS) throw new AppError("RATE_LIMITED", "Terlalu banyak pendaftaran dari alamat ini. Coba lagi dalam 15 menit.");
}
