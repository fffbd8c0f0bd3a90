// The /v3 response envelope, built here only: by the route wrapper
// (src/server/http/v3-route.ts) and by the production front (src/cli/serve-front.mjs,
// plain JavaScript because the server process runs no TypeScript loader).

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
