import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", ".next/", ".next-*/", ".data/", "src/generated/", "test-results/", "playwright-report/", "e2e/artifacts/", "bench/tmp/", "next-env.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["src/cli/**", "scripts/**", "bench/**", "e2e/**", "tests/**", "src/server/log.ts"],
    rules: { "no-console": "off" },
  },
);
