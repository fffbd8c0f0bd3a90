// Types for envelope.mjs (plain JavaScript: the production front loads it without a TypeScript loader).
export const MAX_BODY_BYTES: number;
export const INTERNAL_ERROR_MESSAGE: string;
export function successBody(data: unknown): string;
export function errorBody(code: string, message: string, details?: Record<string, unknown>): string;
