// Generates the Prisma client without the native schema engine, which cannot be
// downloaded offline; generation itself needs no engine, only a path to any file.
import { spawnSync } from "node:child_process";

const result = spawnSync("npx", ["--no-install", "prisma", "generate"], {
  stdio: "inherit",
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? "/bin/true" },
});
process.exit(result.status ?? 1);
