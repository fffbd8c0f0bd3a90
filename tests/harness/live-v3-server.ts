// /v3 over real HTTP on a free port, served the way `npm start` serves it (the
// production front, then the route handlers called directly), in this process and
// against this file's database, for clients that must talk HTTP (the SDKs' suites).
// Paths outside /v3 get a plain 404: there is no Next here.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { installFront } from "../../src/server/front/serve-front.mjs";
import { createV3Dispatcher, v3OnlyListener } from "../../src/server/front/v3-dispatch.mjs";
import { findRouteFiles, orderRoutes } from "../../src/server/front/v3-routes.mjs";

export async function startLiveV3Server(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const routes = orderRoutes(findRouteFiles(path.resolve(import.meta.dirname, "../../src/app/v3")));
  const modules = await Promise.all(routes.map((r) => import(r.file) as Promise<Record<string, unknown>>));
  // The dispatcher needs the origin, known once the server listens.
  const route: { dispatch?: ReturnType<typeof createV3Dispatcher> } = {};
  const server = createServer(
    v3OnlyListener(
      () => route.dispatch!,
      (res) => void res.writeHead(404, { "content-type": "text/plain" }).end("Not Found"),
      (res, err) => res.destroy(err as Error),
    ),
  );
  installFront(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  route.dispatch = createV3Dispatcher({ routes, modules }, baseUrl);
  return {
    baseUrl,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
