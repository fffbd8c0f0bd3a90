// The SDKs are generated from the contract, not kept by hand: the committed generated
// files must be exactly what `npm run sdk:generate` makes from the OpenAPI document this
// tree builds, and every endpoint of the document must have a method in each SDK.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/server/openapi/document";
import { GENERATED_DIRS, generateSdkFiles, operationsOf } from "../../scripts/sdk/codegen";
import { OPERATION_METHODS } from "../../sdk/typescript/src/client";
import { overrideEnv } from "../harness/env-override";

const sdkRoot = path.resolve(import.meta.dirname, "../../sdk");
// Vite sets BASE_URL to "/" for its own use; the generated files do not depend on it.
const restore = overrideEnv({ BASE_URL: "http://localhost:3000" });
const doc = buildOpenApiDocument();
restore();
const RERUN = "out of date with the OpenAPI document: run `npm run sdk:generate` and commit the result";

describe("the SDKs' generated files", () => {
  const expected = generateSdkFiles(doc);

  it.each(Object.keys(expected))("%s is current", (file) => {
    const committed = readFileSync(path.join(sdkRoot, file), { encoding: "utf8", flag: "r" });
    expect(committed, `sdk/${file} is ${RERUN}`).toBe(expected[file]);
  });

  it("has no file the document no longer produces", () => {
    const present = GENERATED_DIRS.flatMap((dir) => readdirSync(path.join(sdkRoot, dir)).map((name) => `${dir}/${name}`));
    expect(present.filter((file) => !(file in expected)), RERUN).toEqual([]);
  });
});

describe("every /v3 endpoint has an SDK method", () => {
  const operationIds = operationsOf(doc).map((o) => o.operationId).sort();

  it("in the TypeScript SDK", () => {
    expect(Object.keys(OPERATION_METHODS).sort()).toEqual(operationIds);
  });

  it("in the Python SDK", () => {
    const client = readFileSync(path.join(sdkRoot, "python/src/sandi/_client.py"), "utf8");
    const table = client.slice(client.indexOf("OPERATION_METHODS = {"));
    expect([...table.matchAll(/"(\w+)": "[\w.]+"/g)].map((m) => m[1]).sort()).toEqual(operationIds);
  });

  it("in the PHP SDK", () => {
    const client = readFileSync(path.join(sdkRoot, "php/src/Client.php"), "utf8");
    const table = client.slice(client.indexOf("const OPERATION_METHODS"));
    expect([...table.matchAll(/'(\w+)' => '[\w>-]+'/g)].map((m) => m[1]).sort()).toEqual(operationIds);
  });
});
