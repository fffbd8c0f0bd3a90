// The /v3 wire rules both sides of the server share: the response envelope, built
// here only, the generic 500 text and the body cap. Used by the route wrapper
// (src/server/http/v3-route.ts) and by the production front (src/server/front/serve-front.mjs,
// v3-dispatch.mjs: plain JavaScript because the server process runs no TypeScript loader).

/** The largest /v3 request body, in bytes; one more is a 413. */
export const MAX_BODY_BYTES = 64 * 1024;

/** What a client is told about an unexpected failure (the details go to the log); the dashboard says the same. */
export const INTERNAL_ERROR_MESSAGE = "Terjadi kesalahan pada server. Silakan coba lagi.";

/** `{"success":true,"data":…,"error":null}`; undefined data becomes null, so the three keys are always there. */
export function successBody(data) {
  return JSON.stringify({ success: true, data: data ?? null, error: null });
}

/** `{"success":false,"data":null,"error":{"code","message"[,"details"]}}` */
export function errorBody(code, message, details) {
  const error = details ? { code, message, details } : { code, message };
  return JSON.stringify({ success: false, data: null, error });
}
