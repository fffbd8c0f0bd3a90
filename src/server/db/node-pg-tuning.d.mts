// Types for node-pg-tuning.mjs (plain JavaScript: the bench's I/O floor server loads it without a TypeScript loader).

/** Cuts node-pg's per-query work on column lists, config objects and bound parameters (once per process). */
export function tuneNodePg(): void;
