import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createTrpcContext } from "@/server/trpc/context";
import { appRouter } from "@/server/trpc/routers/app-router";

function handler(request: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    createContext: createTrpcContext,
    onError({ error, path }) {
      // Only the path and the error: inputs may carry keys or codes and are never logged.
      if (error.code === "INTERNAL_SERVER_ERROR") {
        console.error(JSON.stringify({ msg: "trpc error", path, error: String(error.cause?.stack ?? error.stack ?? error.message) }));
      }
    },
  });
}

export { handler as GET, handler as POST };
