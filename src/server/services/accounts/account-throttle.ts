// Limits for the account e-mails, in the sign-in throttle's 15-minute windows
// (shared through Redis when REDIS_URL is set). Counted per target address
// whether or not it has an account, so being throttled says nothing about that.
import { getThrottleStore, type ThrottleStore } from "@/server/throttle/throttle-store";
import { AppError } from "@/server/errors";
import { THROTTLE_WAIT as WAIT } from "@/lib/throttle-window";

export const MAX_RESETS_PER_EMAIL = 3;
export const MAX_RESETS_PER_IP = 10;
export const MAX_VERIFICATION_MAILS = 3;
export const MAX_PASSWORD_CHANGE_TRIES = 5;

export async function countResetRequest(email: string, ip: string, store: ThrottleStore = getThrottleStore()): Promise<void> {
  const [forEmail, fromIp] = await Promise.all([store.increment(`reset|${email}`), store.increment(`reset-ip|${ip}`)]);
  if (forEmail > MAX_RESETS_PER_EMAIL || fromIp > MAX_RESETS_PER_IP) throw new AppError("RATE_LIMITED", `Terlalu banyak permintaan atur ulang kata sandi. ${WAIT}`);
}

// Keyed by the public merchant id: internal ids are reused when a database is rebuilt, and the counters may outlive it in Redis.
export async function countVerificationMail(merchantPublicId: string, store: ThrottleStore = getThrottleStore()): Promise<void> {
  if ((await store.increment(`verify-mail|${merchantPublicId}`)) > MAX_VERIFICATION_MAILS) throw new AppError("RATE_LIMITED", `Terlalu banyak e-mail verifikasi dikirim. ${WAIT}`);
}

/** Wrong current passwords in Keamanan: a stolen session must not become a way to guess the password. */
export async function countPasswordChangeTry(merchantPublicId: string, store: ThrottleStore = getThrottleStore()): Promise<void> {
  if ((await store.increment(`change-password|${merchantPublicId}`)) > MAX_PASSWORD_CHANGE_TRIES) throw new AppError("RATE_LIMITED", `Terlalu banyak percobaan mengubah kata sandi. ${WAIT}`);
}
