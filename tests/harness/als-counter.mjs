// Preloaded (NODE_OPTIONS=--import) into the production server by
// tests/integration/front-routes.test.ts: counts the AsyncLocalStorage instances the
// server process has enabled, and prints the count as a JSON line on SIGUSR2. Node 20
// copies every enabled instance's store into each promise created afterwards, so
// each one a request has entered makes every later request dearer.
import { AsyncLocalStorage } from "node:async_hooks";

if (process.argv[1]?.endsWith("serve.mjs")) {
  const enable = AsyncLocalStorage.prototype._enable;
  if (typeof enable !== "function") throw new Error("als-counter: this Node has no AsyncLocalStorage.prototype._enable to count");
  const seen = new Set();
  AsyncLocalStorage.prototype._enable = function (...args) {
    seen.add(this);
    return enable.apply(this, args);
  };
  process.on("SIGUSR2", () => console.log(JSON.stringify({ alsEnabled: [...seen].filter((s) => s.enabled).length })));
  console.log(JSON.stringify({ alsCounterPid: process.pid }));
}
