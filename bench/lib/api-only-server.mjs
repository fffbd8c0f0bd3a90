// The production server's /v3 front (src/server/front) in a process that never loads Next.js:
// the same front checks, dispatcher and /v3 bundle of the build as `npm start`, and the
// envelope's 404 for every other path. No start-up hook runs, so there is no in-app worker,
// metrics listener or tracing: compare it with the app run with RUN_WORKER_IN_APP=0.
// bench/io-floor.ts starts it with IO_FLOOR_API_ONLY=1 to measure what a process serving
// Next as well costs each /v3 request.
// Usage: node bench/lib/api-only-server.mjs <port> (NEXT_DIST_DIR: the build; the app's environment)
import { createServer } from "node:http";
import path from "node:path";
import { envelopeAnswer, installFront } from "../../src/server/front/serve-front.mjs";
import { createV3Dispatcher, v3OnlyListener } from "../../src/server/front/v3-dispatch.mjs";
import { loadV3Routes } from "../../src/server/front/v3-routes.mjs";

const port = Number(process.argv[2]);
const dispatch = createV3Dispatcher(await loadV3Routes(path.join(process.cwd(), process.env.NEXT_DIST_DIR || ".next")), `http://127.0.0.1:${port}`);
const notFound = (res) => {
  const answer = envelopeAnswer(404, "NOT_FOUND", "Not found.");
  res.writeHead(answer.status, answer.headers).end(answer.body);
};
const failed = (res, err) => {
  console.error(err);
  res.destroy();
};
const server = createServer(v3OnlyListener(() => dispatch, notFound, failed));
installFront(server);
server.listen(port, "127.0.0.1", () => console.log(JSON.stringify({ msg: "listening", port })));
process.once("SIGTERM", () => process.exit(0));
