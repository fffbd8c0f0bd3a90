// Wrong methods: Next.js answers a method a route file does not export with an
// empty 405 (or an empty 204 for OPTIONS), so every /v3 route file exports every
// standard method but HEAD (Next answers it with GET), the unsupported ones from
// methodNotAllowed().
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readEnvelope, routeParams, v3Request } from "../../../harness/http";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Handler = (request: Request, ctx?: unknown) => Promise<Response>;

const v3Dir = path.join(process.cwd(), "src/app/v3");
function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? routeFiles(path.join(dir, e.name)) : e.name === "route.ts" ? [path.join(dir, e.name)] : [],
  );
}
const files = routeFiles(v3Dir).map((f) => path.relative(v3Dir, f));

async function load(file: string): Promise<Record<string, Handler | undefined>> {
  return (await import(/* @vite-ignore */ path.join(v3Dir, file))) as Record<string, Handler | undefined>;
}

describe("/v3 methods", () => {
  it("every /v3 route file exports every standard method (HEAD is answered by the GET export)", async () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    const missing: string[] = [];
    for (const file of files) {
      const mod = await load(file);
      for (const method of METHODS) {
        if (method === "HEAD" && mod.GET) continue;
        if (typeof mod[method] !== "function") missing.push(`${file} ${method}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("a method a route does not support is a 405 METHOD_NOT_ALLOWED envelope with an Allow header, before authentication", async () => {
    const routes: [string, string, string[]][] = [
      ["account/route.ts", "/v3/account", ["GET"]],
      ["openapi.json/route.ts", "/v3/openapi.json", ["GET"]],
      ["request/route.ts", "/v3/request", ["POST"]],
      ["send/route.ts", "/v3/send", ["POST"]],
      ["verify/route.ts", "/v3/verify", ["POST"]],
      ["topups/route.ts", "/v3/topups", ["POST"]],
      ["otp/[otpId]/route.ts", "/v3/otp/OTP20261122ABCD000001", ["GET"]],
    ];
    for (const [file, url, allowed] of routes) {
      const mod = await load(file);
      for (const method of METHODS) {
        if (allowed.includes(method) || (method === "HEAD" && allowed.includes("GET"))) continue;
        // Next answers HEAD with the GET export.
        const handler = method === "HEAD" ? (mod.HEAD ?? mod.GET) : mod[method];
        expect(handler, `${file} ${method}`).toBeTypeOf("function");
        const res = await readEnvelope(await handler!(v3Request(url, { method }), routeParams({ otpId: "OTP20261122ABCD000001" })));
        expect(res.status, `${method} ${url}`).toBe(405);
        expect(res.body).toMatchObject({ success: false, data: null, error: { code: "METHOD_NOT_ALLOWED" } });
        expect(res.headers.get("allow")).toBe(allowed.includes("GET") ? "GET, HEAD" : allowed.join(", "));
        expect(res.headers.get("x-request-id")).toBeTruthy();
      }
    }
  });
});
