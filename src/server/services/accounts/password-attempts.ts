// The one count of password guesses against a login, in the throttle store's 15-minute
// windows, for every place that checks a login's password: dashboard sign-in
// (src/server/auth/password-sign-in.ts) and accepting an invitation as an existing login
// (members/invitations.ts), so guesses through either add up. MAX_FAILURES attempts per
// e-mail + address, MAX_ACCOUNT_FAILURES per e-mail from addresses that never signed in
// to it (a guesser with many addresses is held to that, while the owner's known
// addresses keep working, so a stranger cannot lock the owner out). Every attempt is
// counted BEFORE its password is checked: counting only failures afterwards let 40
// guesses sent at once all read the same low count and all be checked. Unknown
// addresses are counted the same way, so being throttled says nothing about an account.
import { recordRateLimitRefusal } from "@/server/metrics/record";
import { getThrottleStore, type ThrottleStore } from "@/server/throttle/throttle-store";

export const MAX_FAILURES = 5;
export const MAX_ACCOUNT_FAILURES = 50;
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

/** Counts one password attempt for the e-mail from the address; false when it is over the limit and must not be checked. */
export async function countPasswordAttempt(email: string, ip: string, store: ThrottleStore = getThrottleStore()): Promise<boolean> {
  const [fromHere, fromAnywhere, known] = await Promise.all([store.increment(throttleKey(email, ip)), store.increment(accountThrottleKey(email)), store.recalls(knownAddressKey(email, ip))]);
  // The account-wide count stops strangers' guessing, but never the owner's own addresses.
  if (fromHere > MAX_FAILURES || (fromAnywhere > MAX_ACCOUNT_FAILURES && !known)) {
    recordRateLimitRefusal("sign_in");
    return false;
  }
  return true;
}

/**
 * After a right password: this address's failures are forgiven, but only this attempt
 * of the account's count (a guesser elsewhere keeps it running), and the address is
 * remembered as the owner's.
 */
export async function forgivePasswordAttempt(email: string, ip: string, store: ThrottleStore = getThrottleStore()): Promise<void> {
  await Promise.all([store.clear(throttleKey(email, ip)), store.forgive(accountThrottleKey(email)), store.remember(knownAddressKey(email, ip), KNOWN_ADDRESS_SECONDS)]);
}
