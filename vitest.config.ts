import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname, "src") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: ["tests/unit/**/*.test.ts", "src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          sequence: { groupOrder: 1 },
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/harness/global-setup.ts"],
          setupFiles: ["tests/harness/behind-front.ts", "tests/harness/per-file-database.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file has its own database; two workers keep this 2-core machine responsive.
          maxWorkers: 2,
        },
      },
    ],
  },
});
