import { notFoundRoute } from "@/server/http/v3-route";

export const dynamic = "force-dynamic";

// Every /v3 path without its own route (static routes such as /v3/openapi.json win
// over this catch-all) gets the envelope 404 instead of Next's HTML page.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = notFoundRoute();
