// Throttling against password guessing and sign-up spam, in the throttle store's
// 15-minute windows: MAX_FAILURES sign-in attempts per e-mail + address,
// MAX_ACCOUNT_FAILURES per e-mail from addresses that never signed in to it (a guesser
// with many addresses is held to that, while the owner's known addresses keep working,
// so a stranger cannot lock the owner out), and MAX_SIGN_UPS per address with
// MAX_SIGN_UPS_TOTAL from anywhere (high enough that it is not an off switch for
// sign-ups). Only well-formed attempts count.
export const MAX_FAILURES = 5;
export const MAX_ACCOUNT_FAILURES = 50;
export const MAX_SIGN_UPS = 10;
export const MAX_SIGN_UPS_TOTAL = 1000;
/** How long an address that signed in to an account stays known to it. */
export const KNOWN_ADDRESS_SECONDS = 30 * 24 * 60 * 60;

export function throttleKey(email: string, ip: string): string {
  return `${email.trim().toLowerCase()}|${ip}`;
}

export function knownAddressKey(email: string, ip: string): string {
  return `known|${email.trim().toLowerCase()}|${ip}`;
}

export function accountThrottleKey(email: string): string {
  return `account|${email.trim().toLowerCase()}`;
}

export function signUpThrottleKey(ip: string): string {
  return `sign-up|${ip}`;
}
