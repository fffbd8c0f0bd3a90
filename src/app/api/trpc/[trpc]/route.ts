import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { getEnv } from "@/env";
import { refuseCrossSiteMutation } from "@/server/http/same-origin-mutation";
import { createTrpcContext } from "@/server/trpc/context";
import { appRouter } from "@/server/trpc/routers/app-router";
import { log } from "@/server/log";

async function handler(request: Request): Promise<Response> {
  const refused = refuseCrossSiteMutation(request, getEnv().APP_URL);
  if (refused) {
    // tRPC's own error shape, so the dashboard's client can read it like any other error.
    const code = refused.status === 415 ? "UNSUPPORTED_MEDIA_TYPE" : "FORBIDDEN";
    return Response.json({ error: { message: refused.message, code: -32600, data: { code, httpStatus: refused.status } } }, { status: refused.status });
  }
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    createContext: createTrpcContext,
    onError({ error, path }) {
      // Only the path and the error: inputs may carry keys or codes and are never logged.
      if (error.code === "INTERNAL_SERVER_ERROR") {
        log.error({ path, error: String(error.cause?.stack ?? error.stack ?? error.message) }, "trpc error");
      }
    },
  });
}

export { handler as GET, handler as POST };
