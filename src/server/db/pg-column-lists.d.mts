// Types for pg-column-lists.mjs (plain JavaScript: the bench's I/O floor server loads it without a TypeScript loader).

/** Makes node-pg parse each distinct RowDescription once and build each column list's empty row once (once per process). */
export function installColumnListCaches(): void;
