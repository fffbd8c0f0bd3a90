// The dashboard throttles' window (sign-in, sign-up, account e-mails): one number for
// the server that counts in it and the screens that say how long to wait.
export const THROTTLE_WINDOW_MINUTES = 15;

/** How a throttled dashboard answer tells the person when to come back. */
export const THROTTLE_WAIT = `Coba lagi dalam ${THROTTLE_WINDOW_MINUTES} menit.`;

/** A throttled password attempt (password-attempts.ts), on the sign-in page and the invitation page alike. */
export const PASSWORD_ATTEMPTS_THROTTLED = `Terlalu banyak percobaan masuk yang gagal. Tunggu ${THROTTLE_WINDOW_MINUTES} menit lalu coba lagi.`;
