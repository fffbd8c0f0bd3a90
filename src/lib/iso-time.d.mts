// Types for iso-time.mjs (plain JavaScript: the production front's logger loads it without a TypeScript loader).

/** `new Date(ms).toISOString()`, built without V8's printf for times from 1970 to 9999. */
export function isoString(ms: number): string;

/** node-pg's text for a Date bound in UTC (`…+00:00`), or null outside 1970–9999. */
export function utcTimestampText(ms: number): string | null;
