// Throttling of sign-up spam, in the throttle store's 15-minute windows: MAX_SIGN_UPS
// per address with MAX_SIGN_UPS_TOTAL from anywhere (high enough that it is not an off
// switch for sign-ups). Only well-formed attempts count. Password guesses (sign-in and
// invitations) are counted by src/server/services/accounts/password-attempts.ts.
export const MAX_SIGN_UPS = 10;
export const MAX_SIGN_UPS_TOTAL = 1000;

export function signUpThrottleKey(ip: string): string {
  return `sign-up|${ip}`;
}
