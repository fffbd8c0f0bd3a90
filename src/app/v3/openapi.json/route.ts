import { randomUUID } from "node:crypto";
import { methodNotAllowed } from "@/server/http/v3-route";
import { buildOpenApiDocument } from "@/server/openapi/document";

export const dynamic = "force-dynamic";

/** Public documentation: no API key, no envelope (it is the OpenAPI document itself), but an X-Request-Id like every /v3 answer. */
export function GET(): Response {
  return Response.json(buildOpenApiDocument(), { headers: { "Cache-Control": "public, max-age=300", "X-Request-Id": randomUUID() } });
}
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
