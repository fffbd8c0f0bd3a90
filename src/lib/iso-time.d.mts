// Types for iso-time.mjs (plain JavaScript: the production front's logger loads it without a TypeScript loader).

/** `new Date(ms).toISOString()`, built without V8's printf for times from 1970 to 9999. */
export function isoString(ms: number): string;
