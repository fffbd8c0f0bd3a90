// `npm run sdk:generate`: rewrites the SDKs' generated files from the OpenAPI document
// this tree builds (no server needed), and removes generated files it no longer makes.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildOpenApiDocument } from "@/server/openapi/document";
import { GENERATED_DIRS, generateSdkFiles } from "./codegen";

const sdkRoot = path.resolve(import.meta.dirname, "../../sdk");
const files = generateSdkFiles(buildOpenApiDocument());
for (const dir of GENERATED_DIRS) {
  const full = path.join(sdkRoot, dir);
  mkdirSync(full, { recursive: true });
  for (const name of readdirSync(full)) if (!(`${dir}/${name}` in files)) rmSync(path.join(full, name));
}
for (const [file, content] of Object.entries(files)) writeFileSync(path.join(sdkRoot, file), content);
console.log(`sdk:generate wrote ${Object.keys(files).length} files under sdk/`);
