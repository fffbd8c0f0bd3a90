// next-auth v4 configuration: e-mail + password (Credentials) with JWT sessions.
// Built lazily so that `next build` never reads the environment or DATA_DIR.
import { randomUUID } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getEnv } from "@/env";
import { resolveClientIp } from "@/server/lib/client-ip";
import { signInWithPassword } from "./password-sign-in";
import { SIGN_IN_ERRORS } from "@/lib/sign-in-errors";
import { passTwoStep } from "./two-step-sign-in";
import { isSessionRevoked, revokeSession } from "./session-revocation";
import { log, messageOf } from "@/server/log";

/**
 * A signed-in dashboard session lasts a working day from sign-in, however active; after
 * that the merchant signs in again (getSignedInSession enforces it: next-auth alone
 * would renew the cookie on every visit).
 */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

export { SIGN_IN_ERRORS } from "@/lib/sign-in-errors";

let cached: NextAuthOptions | undefined;

/** next-auth hands authorize() the headers as a plain record. */
function clientIpOf(headers: Record<string, string | string[] | undefined> | undefined): string {
  const bag = new Headers();
  for (const [name, value] of Object.entries(headers ?? {})) if (typeof value === "string") bag.set(name, value);
  return resolveClientIp(bag) ?? "unknown";
}

/** Signed out, past its working day, or not one of ours (no id or sign-in time). */
async function sessionEnded(token: Record<string, unknown>): Promise<boolean> {
  if (typeof token.sid !== "string" || typeof token.signedInAt !== "number") return true;
  if (Date.now() / 1000 - token.signedInAt > SESSION_MAX_AGE_SECONDS) return true;
  return isSessionRevoked(token.sid);
}

export function getAuthOptions(): NextAuthOptions {
  if (cached) return cached;
  const env = getEnv();
  cached = {
    secret: env.SESSION_SECRET,
    // NEXTAUTH_URL may be unset; APP_URL (which defaults to http://localhost:<PORT>) decides cookie security.
    useSecureCookies: env.APP_URL.startsWith("https://"),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "E-mail dan kata sandi",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Kata sandi", type: "password" }, otpId: { type: "text" }, code: { type: "text" } },
        async authorize(credentials, req) {
          let result;
          try {
            result = await signInWithPassword({ email: credentials?.email, password: credentials?.password, ip: clientIpOf(req?.headers) });
          } catch (err) {
            log.error({ error: messageOf(err) }, "sign-in failed unexpectedly");
            throw new Error(SIGN_IN_ERRORS.unavailable);
          }
          if (result.ok) {
            await passTwoStep(result.user.userId, credentials?.otpId, credentials?.code);
            return { id: result.user.userId, name: result.user.name, email: result.user.email };
          }
          if (result.reason === "throttled") throw new Error(SIGN_IN_ERRORS.throttled);
          return null;
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          // The person; which account they act in is the merchant switch's cookie (session.ts).
          token.userId = user.id;
          // Names this session for sign-out (session-revocation.ts) and dates it for the absolute lifetime.
          token.sid = randomUUID();
          token.signedInAt = Math.floor(Date.now() / 1000);
          return token;
        }
        // A signed-out or worn-out session must not be described to whoever holds a copy of
        // its cookie (/api/auth/session would still name the merchant): throwing here makes
        // next-auth answer an empty session and clear the cookie.
        if (await sessionEnded(token)) throw new Error("session ended");
        return token;
      },
      async session({ session, token }) {
        return {
          ...session,
          userId: typeof token.userId === "string" ? token.userId : undefined,
          merchantId: typeof token.merchantId === "string" ? token.merchantId : undefined,
          sid: typeof token.sid === "string" ? token.sid : undefined,
          signedInAt: typeof token.signedInAt === "number" ? token.signedInAt : undefined,
        };
      },
      async redirect({ url }) {
        const base = getEnv().APP_URL;
        if (url.startsWith("/")) return `${base}${url}`;
        try {
          if (new URL(url).origin === new URL(base).origin) return url;
        } catch {
          // fall through to the dashboard
        }
        return `${base}/overview`;
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid !== "string") return;
        const signedInAt = typeof token.signedInAt === "number" ? token.signedInAt : Math.floor(Date.now() / 1000);
        await revokeSession(token.sid, new Date((signedInAt + SESSION_MAX_AGE_SECONDS) * 1000));
      },
    },
    logger: {
      // Without NEXTAUTH_URL next-auth warns on every request; APP_URL covers what it is used for.
      warn(code) {
        if (code !== "NEXTAUTH_URL") log.warn({ code }, "next-auth warning");
      },
      error(code, metadata) {
        const message = metadata instanceof Error ? metadata.message : (metadata as { message?: string } | undefined)?.message;
        // An expired or foreign session cookie is routine (the merchant is sent to sign-in), not a fault.
        if (code === "JWT_SESSION_ERROR") return log.warn({ reason: message }, "session cookie refused");
        log.error({ code, message }, "next-auth error");
      },
      debug() {},
    },
  };
  return cached;
}
