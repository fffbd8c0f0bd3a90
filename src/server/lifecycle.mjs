// A server process's life beside Next.js: whether the start-up hook
// (src/instrumentation.ts) succeeded, and how the process stops without losing work
// (docs/configuration.md, "Graceful shutdown"). What must be written before it exits (the API request log) and what
// must be closed (the PostgreSQL pool, Redis connections) register here where they
// are opened; whoever stops the process (src/server/front/serve.mjs, src/cli/worker.ts) runs
// the hooks once. Kept on globalThis and in plain JavaScript: the production server
// loads the app twice (Next's bundle and the /v3 bundle) beside serve.mjs, which runs
// no TypeScript loader, and all three must see one registry and one draining flag.

/** @typedef {() => Promise<unknown> | unknown} Hook */
/** @typedef {{ ok: true } | { ok: false, error: unknown }} StartUpOutcome */
/** @type {{ startUp: { settled: Promise<StartUpOutcome>, settle: (outcome: StartUpOutcome) => void }, draining: boolean, drainMs: number | undefined, flush: Set<Hook>, close: Set<Hook> }} */
const state = (globalThis.__sandiLifecycle ??= { startUp: deferred(), draining: false, drainMs: undefined, flush: new Set(), close: new Set() });

function deferred() {
  let settle;
  const settled = new Promise((resolve) => (settle = resolve));
  return { settled, settle };
}

/**
 * Next.js runs the start-up hook after app.prepare() resolves, logs an error it
 * throws and serves anyway; serve.mjs waits for the outcome recorded here before
 * it listens, and stops on a failure (a configuration a fleet must not run with,
 * e.g. a missing shared secret).
 */
export function recordStartUp(outcome) {
  state.startUp.settle(outcome);
}

/** @returns {Promise<StartUpOutcome>} */
export function startUpSettled() {
  return state.startUp.settled;
}

/** "flush" hooks run first (buffered writes still need the pool), then "close" hooks. */
export function onShutdown(phase, hook) {
  state[phase].add(hook);
}

/** From now on /readyz answers 503, so load balancers stop sending requests here. */
export function startDraining() {
  state.draining = true;
}

export function isDraining() {
  return state.draining;
}

/** The server's start-up (src/instrumentation.ts) passes the validated SHUTDOWN_DRAIN_MS here for serve.mjs. */
export function setDrainMs(ms) {
  state.drainMs = ms;
}

export function drainMs() {
  return state.drainMs;
}

/** Flushes, then closes; a hook that fails does not keep the others from running. */
export async function runShutdownHooks() {
  for (const phase of ["flush", "close"]) {
    const hooks = [...state[phase]];
    state[phase].clear();
    await Promise.allSettled(hooks.map(async (hook) => hook()));
  }
}
