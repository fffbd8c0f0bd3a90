// The sources a build came from (src/cli/build-manifest.mjs): what makes a build
// stale for a production start, on a small app directory of its own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkBuild, manifestPath, sourceFingerprint } from "../../src/cli/build-manifest.mjs";

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const recordBuild = () => write(".next/sandi-build.json", JSON.stringify({ sources: sourceFingerprint(root) }));

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "sandi-build-manifest-"));
  write("src/app/page.tsx", "export default function Page() {}\n");
  write("package.json", "{}\n");
  write("package-lock.json", "{}\n");
  write("prisma/schema.prisma", "// schema\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("a build's manifest", () => {
  it("is missing until a build records one", () => {
    expect(checkBuild(root, ".next")).toMatchObject({ state: "missing" });
    recordBuild();
    expect(checkBuild(root, ".next")).toEqual({ state: "fresh" });
    expect(manifestPath(root, ".next")).toBe(path.join(root, ".next", "sandi-build.json"));
  });

  it("goes stale when a source, the lockfile or the Prisma schema changes, or a source is added or removed", () => {
    for (const change of [
      () => write("src/app/page.tsx", "export default function Page() { return null; }\n"),
      () => write("package-lock.json", '{"lockfileVersion":3}\n'),
      () => write("prisma/schema.prisma", "// schema, changed\n"),
      () => write("src/server/new-file.ts", "export {};\n"),
      () => rmSync(path.join(root, "src/server/new-file.ts")),
    ]) {
      recordBuild();
      change();
      const found = checkBuild(root, ".next");
      expect(found.state).toBe("stale");
      expect(found).toMatchObject({ reason: expect.stringMatching(/made from other sources/) });
    }
  });

  it("stays fresh when only derived or unrelated files change: the generated Prisma client, data, the build itself, migrations", () => {
    recordBuild();
    write("src/generated/prisma/client.ts", "// regenerated\n");
    write(".data/secrets.json", "{}\n");
    write(".next/server/page.js", "// built\n");
    write("prisma/migrations/1_init/migration.sql", "SELECT 1;\n");
    expect(checkBuild(root, ".next")).toEqual({ state: "fresh" });
  });

  it("names the content, not the modification time: the same files written again are the same build", () => {
    recordBuild();
    write("src/app/page.tsx", "export default function Page() {}\n");
    expect(checkBuild(root, ".next")).toEqual({ state: "fresh" });
  });
});
