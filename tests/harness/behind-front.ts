// Integration tests call route handlers as the production server does: behind its
// front (src/server/front/serve-front.mjs), which writes the connection's address into the
// peer header and flags that it strips client copies. Requests built with
// v3Request arrive from 127.0.0.1 unless a test says otherwise, like a local
// reverse proxy in front of the app (trusted by default).
globalThis.__sandiPeerFront = true;

declare global {
  var __sandiPeerFront: boolean | undefined;
}

export {};
