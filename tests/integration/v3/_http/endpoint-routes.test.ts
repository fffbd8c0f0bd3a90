// Each /v3 endpoint is declared once (src/server/http/v3-endpoints) and served by the
// route file at its path, which exports routeOf(that declaration, or the declarations
// sharing the path): every declared endpoint has its file, and every route file but the
// envelope 404s and the OpenAPI document serves declared endpoints under their methods.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { V3Endpoint } from "@/server/http/v3-endpoint";
import { endpoints } from "@/server/openapi/endpoints";

const v3Dir = path.join(process.cwd(), "src/app/v3");
function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? routeFiles(path.join(dir, e.name)) : e.name === "route.ts" ? [path.join(dir, e.name)] : [],
  );
}

/** "/v3/otp/{otp_id}" and "otp/[otpId]/route.ts" both become "otp/*". */
const fromPath = (p: string) => p.replace(/^\/v3\//, "").replace(/\{[^}]+\}/g, "*");
const fromFile = (f: string) => path.dirname(path.relative(v3Dir, f)).split(path.sep).join("/").replace(/\[[^\]]+\]/g, "*");

const NOT_ENDPOINTS = [".", "[...path]", "openapi.json"];

describe("/v3 endpoint declarations and route files", () => {
  it("every route file serves the declarations of its path, each under its declared method", async () => {
    const served = new Map<string, V3Endpoint>();
    for (const file of routeFiles(v3Dir)) {
      if (NOT_ENDPOINTS.includes(path.dirname(path.relative(v3Dir, file)))) continue;
      const mod = (await import(/* @vite-ignore */ file)) as Record<string, { endpoint?: V3Endpoint } | undefined>;
      // A path may serve several methods (GET and POST /v3/templates), each its own declaration.
      const declared = Object.entries(mod).filter(([, handler]) => handler?.endpoint);
      expect(declared.length, file).toBeGreaterThan(0);
      for (const [method, handler] of declared) {
        const endpoint = handler!.endpoint!;
        expect(method).toBe(endpoint.method.toUpperCase());
        expect(fromPath(endpoint.path), file).toBe(fromFile(file));
        expect(served.has(endpoint.operationId), endpoint.operationId).toBe(false);
        served.set(endpoint.operationId, endpoint);
      }
    }
    const byId = (a: V3Endpoint, b: V3Endpoint) => a.operationId.localeCompare(b.operationId);
    expect([...served.values()].sort(byId)).toEqual([...endpoints].sort(byId));
  });
});
