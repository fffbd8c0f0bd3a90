// Preloaded (NODE_OPTIONS=--import, server-probe.ts) into the production server by
// tests of it: counts the AsyncLocalStorage instances the server process has enabled,
// and prints the count (and whether Next.js is loaded) as a JSON line on SIGUSR2.
// Node 20 copies every enabled instance's store into each promise created afterwards,
// so each one a request has entered makes every later request dearer.
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import path from "node:path";

if (process.argv[1]?.endsWith("serve.mjs")) {
  const enable = AsyncLocalStorage.prototype._enable;
  if (typeof enable !== "function") throw new Error("als-counter: this Node has no AsyncLocalStorage.prototype._enable to count");
  const seen = new Set();
  AsyncLocalStorage.prototype._enable = function (...args) {
    seen.add(this);
    return enable.apply(this, args);
  };
  // Whether Next.js was ever loaded: it is CommonJS, so any import of it lands in require's cache.
  const nextLoaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes(`${path.sep}node_modules${path.sep}next${path.sep}`));
  process.on("SIGUSR2", () => console.log(JSON.stringify({ alsEnabled: [...seen].filter((s) => s.enabled).length, nextLoaded: nextLoaded() })));
  console.log(JSON.stringify({ alsCounterPid: process.pid }));
}
