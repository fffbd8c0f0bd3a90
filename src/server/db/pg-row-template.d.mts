// Types for pg-row-template.mjs (plain JavaScript: the bench's I/O floor server loads it without a TypeScript loader).

/** Makes node-pg reuse the empty row it copies each row from, per list of column names (once per process). */
export function installRowTemplates(): void;
