// The sign-in rule, free of next-auth so it can be tested directly: throttle
// check (password-attempts.ts, shared with accepting an invitation), then look-up
// and argon2 verification. Unknown e-mails cost a hash too, so response time does
// not reveal which e-mails have accounts.
import { hash, verify } from "@node-rs/argon2";
import { z } from "zod";
import { getDb } from "@/server/db/client";
import { getThrottleStore, type ThrottleStore } from "@/server/throttle/throttle-store";
import { countPasswordAttempt, forgivePasswordAttempt } from "@/server/services/accounts/password-attempts";
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
  store: ThrottleStore = getThrottleStore(),
): Promise<SignInResult> {
  const parsed = credentialsSchema.safeParse({ email: input.email, password: input.password });
  if (!parsed.success) return { ok: false, reason: "invalid" };
  const { email, password } = parsed.data;
  if (!(await countPasswordAttempt(email, input.ip, store))) return { ok: false, reason: "throttled" };

  const db = await getDb();
  await adoptLoginByEmail(email);
  const user = await db.user.findUnique({ where: { email }, select: { userId: true, name: true, email: true, passwordHash: true, _count: { select: { memberships: true } } } });
  dummyHash ??= hash("sandi-timing-equaliser");
  const matches = await verify(user?.passwordHash ?? (await dummyHash), password).catch(() => false);
  // A person removed from every account has nothing to sign in to.
  if (!user?.passwordHash || !matches || user._count.memberships === 0) return { ok: false, reason: "invalid" };
  await forgivePasswordAttempt(email, input.ip, store);
  return { ok: true, user: { userId: user.userId, name: user.name, email: user.email } };
}
