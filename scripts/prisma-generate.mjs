// Generates the Prisma client without the native schema engine, which cannot be
// downloaded here; generation itself needs no engine (see shared/stack-facts.md).
import { spawnSync } from "node:child_process";

const result = spawnSync("npx", ["--no-install", "prisma", "generate"], {
  stdio: "inherit",
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? "/bin/true" },
});
process.exit(result.status ?? 1);
