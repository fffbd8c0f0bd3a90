// The sign-in rule, free of next-auth so it can be tested directly: throttle
// check, then look-up and argon2 verification. Unknown e-mails cost a hash too,
// so response time does not reveal which e-mails have accounts. Every attempt is
// counted BEFORE its password is checked: counting only failures afterwards let
// 40 guesses sent at once all read the same low count and all be checked.
import { hash, verify } from "@node-rs/argon2";
import { z } from "zod";
import { getDb } from "@/server/db/client";
import {
  accountThrottleKey,
  getLoginThrottleStore,
  KNOWN_ADDRESS_SECONDS,
  knownAddressKey,
  MAX_ACCOUNT_FAILURES,
  MAX_FAILURES,
  throttleKey,
  type LoginThrottleStore,
} from "./login-throttle";
import { recordRateLimitRefusal } from "@/server/metrics/record";
import { adoptLoginByEmail } from "@/server/services/members/adopt-login";

export type SignInResult =
  | { ok: true; user: { userId: string; name: string; email: string } }
  | { ok: false; reason: "invalid" | "throttled" };

const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(200),
});

let dummyHash: Promise<string> | undefined;

export async function signInWithPassword(
  input: { email?: unknown; password?: unknown; ip: string },
  store: LoginThrottleStore = getLoginThrottleStore(),
): Promise<SignInResult> {
  const parsed = credentialsSchema.safeParse({ email: input.email, password: input.password });
  if (!parsed.success) return { ok: false, reason: "invalid" };
  const { email, password } = parsed.data;
  const key = throttleKey(email, input.ip);
  const accountKey = accountThrottleKey(email);
  const knownKey = knownAddressKey(email, input.ip);
  const [fromHere, fromAnywhere, known] = await Promise.all([store.increment(key), store.increment(accountKey), store.recalls(knownKey)]);
  // The account-wide count stops strangers' guessing, but never the owner's own addresses.
  if (fromHere > MAX_FAILURES || (fromAnywhere > MAX_ACCOUNT_FAILURES && !known)) {
    recordRateLimitRefusal("sign_in");
    return { ok: false, reason: "throttled" };
  }

  const db = await getDb();
  await adoptLoginByEmail(email);
  const user = await db.user.findUnique({ where: { email }, select: { userId: true, name: true, email: true, passwordHash: true, _count: { select: { memberships: true } } } });
  dummyHash ??= hash("sandi-timing-equaliser");
  const matches = await verify(user?.passwordHash ?? (await dummyHash), password).catch(() => false);
  // A person removed from every account has nothing to sign in to.
  if (!user?.passwordHash || !matches || user._count.memberships === 0) return { ok: false, reason: "invalid" };
  // This address's failures are forgiven, but only this attempt of the account's count:
  // a guesser elsewhere keeps the account count running.
  await Promise.all([store.clear(key), store.forgive(accountKey), store.remember(knownKey, KNOWN_ADDRESS_SECONDS)]);
  return { ok: true, user: { userId: user.userId, name: user.name, email: user.email } };
}
