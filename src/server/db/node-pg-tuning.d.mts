// Types for node-pg-tuning.mjs (plain JavaScript: the bench's I/O floor server loads it without a TypeScript loader).

/** Cuts node-pg's per-query work on column lists and plain config objects (once per process). */
export function tuneNodePg(): void;
