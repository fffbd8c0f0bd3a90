// tRPC for the dashboard. Procedures are thin: input schema + one service call.
// There is one protected procedure type, `memberProcedure(permission)`: it resolves
// the signed-in person's membership, refuses a role without the permission, and
// hands services ctx.merchant, so every query is scoped to that merchant and ids
// belonging to someone else come back NOT_FOUND.
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { countSignUpAttempt } from "@/server/auth/sign-up-throttle";
import { isAppError } from "@/server/errors";
import { ERROR_TABLE } from "@/server/error-table";
import { findControlCharacter, findLoneSurrogate } from "@/server/lib/control-characters";
import { findMerchantIds } from "@/server/services/merchants/merchants";
import { FORBIDDEN_MESSAGE, roleMay } from "@/server/services/members/permissions";
import { resolveMember } from "@/server/services/members/resolve-member";
import type { Actor, ChangeBy } from "@/server/services/audit/record-audit";
import type { Permission } from "@/schemas/dashboard/members";
import type { Mode } from "@/schemas/mode";
import type { TrpcContext } from "./context";
import "@/server/zod-messages";
import { INTERNAL_ERROR_MESSAGE as GENERIC_ERROR } from "@/server/envelope.mjs";

const INVALID_INPUT = "Isian tidak valid.";

/**
 * Every procedure names what it needs: "public" (no session) or a permission, which
 * the service layer's role table grants or refuses (services/members/permissions.ts).
 * tests/integration/trpc-roles.test.ts fails for a procedure without one.
 */
export type ProcedureMeta = { permission: Permission | "public" };

const t = initTRPC.context<TrpcContext>().meta<ProcedureMeta>().create({
  errorFormatter({ shape, error }) {
    if (error.cause instanceof ZodError) {
      const issue = error.cause.issues[0];
      return { ...shape, message: issue?.message ?? INVALID_INPUT, data: { ...shape.data, stack: undefined } };
    }
    const internal = error.code === "INTERNAL_SERVER_ERROR" && !isAppError(error.cause);
    return { ...shape, message: internal ? GENERIC_ERROR : shape.message, data: { ...shape.data, stack: undefined } };
  },
});

/** Domain errors become tRPC errors with the error table's tRPC code and the service's own message. */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isAppError(result.error.cause)) {
    const cause = result.error.cause;
    throw new TRPCError({ code: ERROR_TABLE[cause.code].trpc, message: cause.message, cause });
  }
  return result;
});

/**
 * No procedure takes control characters in any string (PostgreSQL refuses NUL, which
 * surfaced as a 500) nor lone UTF-16 surrogates (no text column or URL can hold one),
 * so they are refused here, naming the field, before any input schema or service.
 */
const refuseUnstorableText = t.middleware(async ({ getRawInput, next }) => {
  const input = await readRawInput(getRawInput);
  const control = findControlCharacter(input);
  if (control !== null) throw new TRPCError({ code: "BAD_REQUEST", message: named(control, "Isian berisi karakter kontrol yang tidak diizinkan.") });
  const surrogate = findLoneSurrogate(input);
  if (surrogate !== null) throw new TRPCError({ code: "BAD_REQUEST", message: named(surrogate, "Isian berisi karakter Unicode yang tidak valid.") });
  return next();
});

const named = (path: string, message: string) => (path ? `${path}: ${message}` : message);

/**
 * tRPC parses the query's `input` or the body when a procedure first asks for it; what is
 * not JSON (NUL, an empty or cut-off body) or a batch input that is not an object is bad
 * input, answered with the dashboard's own message, not the parser's English (or a 500).
 */
async function readRawInput(getRawInput: () => Promise<unknown>): Promise<unknown> {
  try {
    return await getRawInput();
  } catch (cause) {
    throw new TRPCError({ code: "BAD_REQUEST", message: INVALID_INPUT, cause });
  }
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.meta({ permission: "public" }).use(refuseUnstorableText).use(mapAppErrors);

/**
 * For public procedures that create accounts, after `.input()`: throttled per client
 * address, counting only inputs that parsed (junk must not use up everyone's quota).
 */
export const countSignUp = t.middleware(async ({ ctx, next }) => {
  await countSignUpAttempt(ctx.clientIp ?? "unknown");
  return next();
});

export type SignedInMerchant = { id: number; merchantId: string };
/** The world the dashboard shows (docs/test-mode.md): the live account or its test world, as the mode switch says. */
export type DashboardWorld = { id: number; mode: Mode; livemode: boolean };

/**
 * ctx.merchant is the (live) account the member acts in, for account matters (brand,
 * members); ctx.world is where data procedures read and write: keys, saldo, OTPs,
 * webhooks; ctx.member is the person and their role; ctx.changeBy names them for the
 * audit log. A procedure whose permission the role lacks answers FORBIDDEN.
 */
const memberProcedureBase = publicProcedure.use(async ({ ctx, meta, next }) => {
  if (!ctx.userPublicId) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sesi Anda sudah berakhir. Silakan masuk lagi." });
  const member = await resolveMember(ctx.userPublicId, [ctx.merchantPublicId]);
  if (!member) throw new TRPCError({ code: "UNAUTHORIZED", message: "Anda bukan lagi anggota akun ini. Silakan masuk lagi." });
  const permission = meta?.permission;
  // Fail closed: a signed-in procedure that names no permission is refused to everyone.
  if (!permission || permission === "public" || !roleMay(member.role, permission)) throw new TRPCError({ code: "FORBIDDEN", message: FORBIDDEN_MESSAGE });
  const found = await findMerchantIds(member.merchantId);
  if (!found) throw new TRPCError({ code: "UNAUTHORIZED", message: "Akun tidak ditemukan. Silakan masuk lagi." });
  const test = ctx.mode === "test" && found.testWorldId !== null;
  const world: DashboardWorld = test ? { id: found.testWorldId!, mode: "test", livemode: false } : { id: found.id, mode: "live", livemode: true };
  const merchant: SignedInMerchant = { id: found.id, merchantId: found.merchantId };
  const actor: Actor = { kind: "member", userId: member.userRowId, email: member.email, ip: ctx.clientIp ?? null, userAgent: ctx.userAgent ?? null };
  const changeBy: ChangeBy = { actor, merchantId: found.id };
  const person = { id: member.userRowId, userId: member.userId, actor };
  return next({ ctx: { merchant, world, member, changeBy, person } });
});

/** A dashboard procedure for members whose role holds `permission`. */
export const memberProcedure = (permission: Permission) => memberProcedureBase.meta({ permission });
