// What the SDKs take from the OpenAPI document: the wire types, the endpoint list and
// the error codes with their HTTP status. Pure (document in, files out), so the test
// that keeps the committed SDKs current builds the same files in-process and compares.
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HEADER = "Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.";

export type Operation = { operationId: string; method: string; path: string; request: string | null; response: string; query: string[]; errors: Record<string, string[]> };
/** `hasDetails`: the envelope declares `error.details` for this code (its class types them). */
export type ErrorCodeInfo = { code: string; status: number; className: string; hasDetails: boolean };

export function operationsOf(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      const errors: Record<string, string[]> = {};
      for (const [status, response] of Object.entries(op.responses as Json)) {
        if (status === "200") continue;
        errors[status] = Object.keys((response as Json).content?.["application/json"]?.examples ?? {});
      }
      out.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        request: refName(op.requestBody?.content?.["application/json"]?.schema),
        response: refName(op.responses["200"].content["application/json"].schema.properties.data) ?? "unknown",
        query: (op.parameters ?? []).filter((p: Json) => p.in === "query").map((p: Json) => p.name),
        errors,
      });
    }
  }
  return out;
}

function refName(schema: Json | undefined): string | null {
  const ref = schema?.$ref as string | undefined;
  return ref ? ref.slice(ref.lastIndexOf("/") + 1) : null;
}

const pascal = (code: string) => code.toLowerCase().replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());

/** Every error code of the envelope, with the status of the response that lists it (each code has one). */
export function errorCodesOf(doc: Json): ErrorCodeInfo[] {
  const status = new Map<string, number>();
  for (const [s, codes] of operationsOf(doc).flatMap((o) => Object.entries(o.errors))) for (const code of codes) if (!status.has(code)) status.set(code, Number(s));
  const members = errorMembers(doc.components.schemas.ErrorEnvelope);
  const withDetails = new Set(members.filter((m) => m.properties?.details).flatMap(codesOf));
  const declared = members.flatMap(codesOf);
  return (declared.length ? declared : [...status.keys()]).map((code) => {
    const name = pascal(code);
    return { code, status: status.get(code) ?? 0, className: name.endsWith("Error") ? name : `${name}Error`, hasDetails: withDetails.has(code) };
  });
}

/** The envelope's `error`: one object, or a union discriminated by `code` (one member per code with details). */
function errorMembers(envelope: Json | undefined): Json[] {
  const error = envelope?.properties?.error;
  if (!error) return [];
  return error.oneOf ?? error.anyOf ?? [error];
}

function codesOf(member: Json): string[] {
  const code = member.properties?.code;
  if (!code) return [];
  return code.enum ?? ("const" in code ? [code.const] : []);
}

// ---- TypeScript ----

function tsType(s: Json | undefined, depth = 0): string {
  if (!s || Object.keys(s).length === 0) return "unknown";
  if (s.$ref) return refName(s)!;
  if ("const" in s) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v: unknown) => JSON.stringify(v)).join(" | ");
  const union = s.anyOf ?? s.oneOf;
  if (union) return [...new Set(union.map((m: Json) => wrap(tsType(m, depth))))].join(" | ");
  if (Array.isArray(s.type)) return s.type.map((t: string) => wrap(tsType({ ...s, type: t }, depth))).join(" | ");
  switch (s.type) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return `${wrap(tsType(s.items, depth))}[]`;
    case "object":
      return tsObject(s, depth);
    default:
      return "unknown";
  }
}

const wrap = (t: string) => (/[|&]/.test(t) && !t.startsWith("{") ? `(${t})` : t);

function tsObject(s: Json, depth: number): string {
  const props = Object.entries((s.properties ?? {}) as Json);
  if (props.length === 0) return "Record<string, unknown>";
  const pad = "  ".repeat(depth + 1);
  const required = new Set<string>(s.required ?? []);
  const lines = props.map(([name, p]) => {
    const doc = (p as Json).description ? `${pad}/** ${String((p as Json).description).replace(/\*\//g, "*\\/")} */\n` : "";
    return `${doc}${pad}${name}${required.has(name) ? "" : "?"}: ${tsType(p as Json, depth + 1)};`;
  });
  return `{\n${lines.join("\n")}\n${"  ".repeat(depth)}}`;
}

function typescriptApi(doc: Json): string {
  const schemas = doc.components.schemas as Json;
  const types = Object.entries(schemas).map(([name, s]) => `export type ${name} = ${tsType(s as Json)};`);
  const ops = operationsOf(doc);
  const endpoints = ops.map((o) => `  ${o.operationId}: { method: ${JSON.stringify(o.method)}, path: ${JSON.stringify(o.path)}, query: ${JSON.stringify(o.query)} },`);
  const io = ops.map((o) => `  ${o.operationId}: { body: ${o.request ?? "never"}; data: ${o.response} };`);
  const codes = errorCodesOf(doc);
  return [
    `// ${HEADER}`,
    "// Wire types (snake_case, as the API sends them); the client hands them out camelCased.",
    "",
    ...types.flatMap((t) => [t, ""]),
    "/** Every /v3 endpoint, by operationId. */",
    "export const ENDPOINTS = {",
    ...endpoints,
    "} as const;",
    "",
    "export type OperationId = keyof typeof ENDPOINTS;",
    "",
    "/** Request body and response data of each endpoint, on the wire. */",
    "export type OperationTypes = {",
    ...io,
    "};",
    "",
    "/** Every error code the API answers, with the HTTP status it comes with. */",
    "export const ERROR_STATUS = {",
    ...codes.map((c) => `  ${c.code}: ${c.status},`),
    "} as const;",
    "",
    "export type ErrorCode = keyof typeof ERROR_STATUS;",
    "",
  ].join("\n");
}

function typescriptErrors(doc: Json): string {
  const codes = errorCodesOf(doc);
  return [
    `// ${HEADER}`,
    "// One class per error code, so `catch (e) { if (e instanceof RateLimitedError) … }` works beside `e.code`.",
    'import type { Camelize } from "../case.js";',
    'import { SandiError, type SandiErrorInit } from "../errors.js";',
    'import type { ErrorEnvelope } from "./api.js";',
    "",
    "/** `error.details` of one code, camelCased. */",
    'type DetailsOf<C extends string> = Camelize<Extract<ErrorEnvelope["error"], { code: C; details: unknown }>["details"]>;',
    "",
    ...codes.flatMap((c) => [
      `export class ${c.className} extends SandiError {`,
      `  declare readonly code: ${JSON.stringify(c.code)};`,
      ...(c.hasDetails ? [`  declare readonly details: DetailsOf<${JSON.stringify(c.code)}>;`] : []),
      "  constructor(init: SandiErrorInit) {",
      "    super(init);",
      `    this.name = ${JSON.stringify(c.className)};`,
      "  }",
      "}",
      "",
    ]),
    "/** The class each code is thrown as. */",
    "export const ERROR_CLASSES: Record<string, new (init: SandiErrorInit) => SandiError> = {",
    ...codes.map((c) => `  ${c.code}: ${c.className},`),
    "};",
    "",
  ].join("\n");
}

// ---- PHP (7.4-compatible: no 8.x syntax) ----

function phpEndpoints(doc: Json): string {
  const ops = operationsOf(doc);
  return [
    "<?php",
    `// ${HEADER}`,
    "",
    "namespace Sandi\\Generated;",
    "",
    "/** Every /v3 endpoint, by operationId. */",
    "final class Endpoints",
    "{",
    "    const ALL = [",
    ...ops.map((o) => `        '${o.operationId}' => ['method' => '${o.method}', 'path' => '${o.path}', 'query' => [${o.query.map((q) => `'${q}'`).join(", ")}]],`),
    "    ];",
    "}",
    "",
  ].join("\n");
}

function phpErrorCodes(doc: Json): string {
  const codes = errorCodesOf(doc);
  return [
    "<?php",
    `// ${HEADER}`,
    "",
    "namespace Sandi\\Generated;",
    "",
    "/** Every error code the API answers: its HTTP status and the exception class it is thrown as. */",
    "final class ErrorCodes",
    "{",
    "    const STATUS = [",
    ...codes.map((c) => `        '${c.code}' => ${c.status},`),
    "    ];",
    "",
    "    const CLASSES = [",
    ...codes.map((c) => `        '${c.code}' => \\Sandi\\Exception\\${phpClass(c)}::class,`),
    "    ];",
    "}",
    "",
  ].join("\n");
}

const phpClass = (c: ErrorCodeInfo) => c.className.replace(/Error$/, "") + "Exception";

function phpException(c: ErrorCodeInfo): string {
  return ["<?php", `// ${HEADER}`, "", "namespace Sandi\\Exception;", "", "use Sandi\\SandiException;", "", `/** ${c.code} (HTTP ${c.status}) */`, `class ${phpClass(c)} extends SandiException`, "{", "}", ""].join("\n");
}

// ---- Python (3.8+, standard library only) ----

function pythonGenerated(doc: Json): string {
  const ops = operationsOf(doc);
  const codes = errorCodesOf(doc);
  const pyList = (items: string[]) => `[${items.map((q) => `"${q}"`).join(", ")}]`;
  return [
    `# ${HEADER}`,
    '"""The /v3 endpoints and one exception class per error code."""',
    "",
    "from ._errors import SandiError",
    "",
    "# Every /v3 endpoint, by operationId.",
    "ENDPOINTS = {",
    ...ops.map((o) => `    "${o.operationId}": {"method": "${o.method}", "path": "${o.path}", "query": ${pyList(o.query)}},`),
    "}",
    "",
    "# Every error code the API answers, with the HTTP status it comes with.",
    "ERROR_STATUS = {",
    ...codes.map((c) => `    "${c.code}": ${c.status},`),
    "}",
    "",
    ...codes.flatMap((c) => ["", `class ${c.className}(SandiError):`, `    """${c.code} (HTTP ${c.status})"""`, ""]),
    "",
    "# The class each code is raised as.",
    "ERROR_CLASSES = {",
    ...codes.map((c) => `    "${c.code}": ${c.className},`),
    "}",
    "",
    `__all__ = ["ENDPOINTS", "ERROR_STATUS", "ERROR_CLASSES", ${codes.map((c) => `"${c.className}"`).join(", ")}]`,
    "",
  ].join("\n");
}

/** Every generated file, by its path under sdk/. */
export function generateSdkFiles(doc: Json): Record<string, string> {
  const files: Record<string, string> = {
    "typescript/src/generated/api.ts": typescriptApi(doc),
    "typescript/src/generated/errors.ts": typescriptErrors(doc),
    "php/src/Generated/Endpoints.php": phpEndpoints(doc),
    "php/src/Generated/ErrorCodes.php": phpErrorCodes(doc),
    "python/src/sandi/_generated.py": pythonGenerated(doc),
  };
  for (const c of errorCodesOf(doc)) files[`php/src/Exception/${phpClass(c)}.php`] = phpException(c);
  return files;
}

/** Folders whose every file is generated: a file there that the document no longer produces is stale. */
export const GENERATED_DIRS = ["typescript/src/generated", "php/src/Generated", "php/src/Exception"];
