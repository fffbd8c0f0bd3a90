// The API reference (/docs) shows each curl example beside the same call through the
// TypeScript, PHP and Python SDKs: every operation has one, the method names are the SDKs'
// own, and each snippet is valid code in its language.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { transformSync } from "esbuild";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import DocsPage from "@/app/docs/page";
import { callExample, quickStart, sdkSetup, SDK_METHODS, testModeFlow } from "@/app/docs/sdk-calls";
import { buildOpenApiDocument } from "@/server/openapi/document";
import { OPERATION_METHODS } from "../../sdk/typescript/src/client";
import { overrideEnv } from "../harness/env-override";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// Vite sets BASE_URL to "/" for its own use.
const restore = overrideEnv({ BASE_URL: "http://localhost:3000" });
const doc = buildOpenApiDocument() as Json;
const html = renderToStaticMarkup(DocsPage());
restore();
const operations = Object.entries(doc.paths as Json).flatMap(([p, item]) => Object.entries(item as Json).map(([method, op]) => ({ path: p, method, op: op as Json })));
const examples = operations.map(({ path: p, method, op }) => ({ id: op.operationId as string, ...callExample("http://localhost:3000", method, p, op) }));
const base = "http://localhost:3000";
const fixed = [sdkSetup(base), quickStart(base), testModeFlow(base)];

const phpProbe = spawnSync("php", ["-v"]);
if (phpProbe.error) console.warn("SKIPPED: php -l of the /docs PHP snippets: php is not installed (apt-get install -y php-cli)");

describe("/docs: the SDK call beside each curl example", () => {
  it("names the methods the SDKs have, for every operation", () => {
    expect(Object.fromEntries(Object.entries(SDK_METHODS).map(([id, m]) => [id, m.ts]))).toEqual(OPERATION_METHODS);
    const phpClient = readFileSync(path.resolve(import.meta.dirname, "../../sdk/php/src/Client.php"), "utf8");
    const pythonClient = readFileSync(path.resolve(import.meta.dirname, "../../sdk/python/src/sandi/_client.py"), "utf8");
    for (const [id, m] of Object.entries(SDK_METHODS)) {
      expect(phpClient).toContain(`'${id}' => '${m.php}'`);
      expect(pythonClient).toContain(`"${id}": "${m.py}"`);
    }
    expect(Object.keys(SDK_METHODS).sort()).toEqual(operations.map((o) => o.op.operationId).sort());
  });

  it("renders curl, TypeScript, PHP and Python for every operation", () => {
    expect(html.match(/Contoh panggilan/g)?.length).toBe(operations.length);
    for (const language of ["curl", "typescript", "php", "python"]) expect(html.match(new RegExp(`data-language="${language}"`, "g"))?.length).toBe(operations.length + fixed.length);
    for (const e of examples) expect(e.typescript, e.id).not.toContain("sandi.raw(");
  });

  it("writes TypeScript that parses", () => {
    for (const e of [...examples, ...fixed]) {
      const lines = e.typescript.split("\n");
      const source = [...lines.filter((l) => l.startsWith("import ")), "async function f(sandi: any, process: any) {", "{", ...lines.filter((l) => !l.startsWith("import ")), "}", "}"].join("\n");
      expect(() => transformSync(source, { loader: "ts" }), e.typescript).not.toThrow();
    }
  });

  it("writes Python that compiles", () => {
    // One interpreter for all of them (a process each is slow on a busy machine); it prints what does not compile.
    const check = "import json, sys\nfor s in json.load(sys.stdin):\n    try:\n        compile(s, 'snippet', 'exec')\n    except SyntaxError as e:\n        print(s, e)";
    const compiled = spawnSync("python3", ["-c", check], { input: JSON.stringify([...examples, ...fixed].map((e) => e.python)), encoding: "utf8" });
    expect(compiled.stderr).toBe("");
    expect(compiled.stdout).toBe("");
  });

  it.skipIf(phpProbe.error !== undefined)("writes PHP that parses (php -l)", () => {
    // All snippets in one file, each in a function of its own, linted in one process.
    const source = [...examples, ...fixed].map((e, i) => `function snippet${i}($sandi) {\n${e.php}\n}`).join("\n");
    const lint = spawnSync("php", ["-l"], { input: `<?php\n${source}\n`, encoding: "utf8" });
    expect(lint.status, `${source}\n${lint.stdout}`).toBe(0);
  });
});
