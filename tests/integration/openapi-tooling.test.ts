// Off-the-shelf OpenAPI tooling against the document GET /v3/openapi.json serves:
// Spectral (spectral:oas) and Redocly CLI report no errors, and a client generated
// with openapi-typescript and called through openapi-fetch compiles a flow that reads
// the 409's `existing_otp_id` and the 403's details by narrowing, without a cast —
// while reading details the response does not declare fails to compile.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/v3/openapi.json/route";

const run = promisify(execFile);
const bin = (name: string) => path.resolve("node_modules/.bin", name);
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "sandi-openapi-"));
  writeFileSync(path.join(dir, "openapi.json"), await GET().text());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A CLI's JSON report, whatever its exit code (both exit non-zero when they find errors). */
async function jsonReport(file: string, args: string[]): Promise<unknown> {
  const result = await run(file, args, { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" } }).catch(
    (err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }),
  );
  return JSON.parse(result.stdout.slice(result.stdout.search(/[[{]/)));
}

describe("the served OpenAPI document and third-party tooling", () => {
  it("lints with Spectral's OpenAPI ruleset with 0 errors", async () => {
    writeFileSync(path.join(dir, ".spectral.yaml"), 'extends: ["spectral:oas"]\n');
    const problems = (await jsonReport(bin("spectral"), ["lint", "openapi.json", "--ruleset", ".spectral.yaml", "--format", "json", "--quiet"])) as { severity: number; code: string; path: string[] }[];
    // Spectral's severities: 0 error, 1 warning, 2 info, 3 hint.
    expect(problems.filter((p) => p.severity === 0).map((p) => `${p.code} at ${p.path.join(".")}`)).toEqual([]);
  }, 60_000);

  it("lints with Redocly CLI with 0 errors", async () => {
    const report = (await jsonReport(bin("redocly"), ["lint", "openapi.json", "--format", "json"])) as { totals: { errors: number }; problems: { ruleId: string; severity: string; message: string }[] };
    expect(report.problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);

  it("generates a typed client (openapi-typescript + openapi-fetch) that reads each error's own details without a cast", async () => {
    writeFileSync(path.join(dir, "schema.d.ts"), astToString(await openapiTS(JSON.parse(await GET().text()))));
    writeFileSync(
      path.join(dir, "flow.ts"),
      `import createClient from "openapi-fetch";
import type { paths } from "./schema";

const client = createClient<paths>({ baseUrl: "http://localhost:3000" });

/** The OTP to verify: the new one, or on a replay with other parameters the original (409). */
export async function otpFor(externalId: string): Promise<string | null> {
  const { data, error } = await client.POST("/v3/request", { body: { channel: "sms", destination: "6281234567890", external_id: externalId } });
  if (data) return data.data.otp_id;
  if (error.error.code === "DUPLICATE_EXTERNAL_ID") return error.error.details.existing_otp_id;
  if (error.error.code === "GEO_NOT_ALLOWED") return error.error.details.country_code;
  if (error.error.code === "FRAUD_BLOCKED") return error.error.details.prefix;
  return error.error.message;
}

type Conflict = paths["/v3/request"]["post"]["responses"][409]["content"]["application/json"];
/** By status: the 409 answer carries the duplicate's details and nothing else. */
export const existingOtpId = (body: Conflict): string => body.error.details.existing_otp_id;
`,
    );
    // The control: details a response does not declare do not compile, so the check above can fail.
    writeFileSync(
      path.join(dir, "wrong.ts"),
      `import type { paths } from "./schema";
type Forbidden = paths["/v3/request"]["post"]["responses"][403]["content"]["application/json"];
export function prefixOf(body: Forbidden): string {
  if (body.error.code === "IP_NOT_ALLOWED") return body.error.details.prefix;
  return body.error.details.existing_otp_id;
}
`,
    );
    const program = ts.createProgram([path.join(dir, "flow.ts"), path.join(dir, "wrong.ts")], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ["lib.es2022.d.ts"],
      types: ["node"],
      typeRoots: [path.resolve("node_modules/@types")],
      skipLibCheck: true,
      // The generated client lives outside the repository; openapi-fetch comes from the repository's own install.
      baseUrl: dir,
      paths: { "openapi-fetch": [path.resolve("node_modules/openapi-fetch")] },
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => `${path.basename(d.file?.fileName ?? "?")} TS${d.code}`);
    expect(diagnostics.filter((d) => !d.startsWith("wrong.ts"))).toEqual([]);
    expect(diagnostics).toEqual(["wrong.ts TS2339", "wrong.ts TS2339"]);
  }, 60_000);
});
