// The dashboard's tRPC procedures called in-process, as a signed-in merchant (or nobody):
// the same router, middleware and context the HTTP handler builds.
import { appRouter } from "@/server/trpc/routers/app-router";
import { createCallerFactory } from "@/server/trpc/init";

export const callerFor = createCallerFactory(appRouter);
