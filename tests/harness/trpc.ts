// The dashboard's tRPC procedures called in-process, as a signed-in member (or nobody):
// the same router, middleware and context the HTTP handler builds. A context that names
// only a merchant acts as that merchant's owner (its own login, as before teams).
import { appRouter } from "@/server/trpc/routers/app-router";
import { createCallerFactory } from "@/server/trpc/init";
import type { TrpcContext } from "@/server/trpc/context";
import { getDb } from "@/server/db/client";

const createCaller = createCallerFactory(appRouter);

async function withPerson(ctx: TrpcContext): Promise<TrpcContext> {
  if (ctx.userPublicId !== undefined || !ctx.merchantPublicId) return ctx;
  const db = await getDb();
  const owner = await db.membership.findFirst({ where: { role: "owner", merchant: { merchantId: ctx.merchantPublicId } }, orderBy: { id: "asc" }, select: { user: { select: { userId: true } } } });
  return { ...ctx, userPublicId: owner?.user.userId ?? null };
}

export function callerFor(ctx: TrpcContext) {
  return createCaller(() => withPerson(ctx));
}
