import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layers (docs/architecture.md): each rule names what a layer may not import.
const SERVICES = { group: ["@/server/services/*", "@/server/services/**"], message: "This layer does not call services." };
// Migrations and the connection URL are the database's plumbing (otpctl migrate), not its data.
const DATABASE = {
  group: ["@/server/db/*", "!@/server/db/migrate", "!@/server/db/database-url", "@/generated/prisma/*", "@/generated/prisma/**", "!@/generated/prisma/enums"],
  message: "Reach the database through a service.",
};
const FRAMEWORK = { group: ["next", "next/*", "@trpc/*", "react", "react-dom", "react/*"], message: "Services know nothing of the web framework, tRPC or React." };
const TRANSPORT = {
  group: ["@/server/http/*", "@/server/trpc/*", "@/server/trpc/**", "@/server/auth/*", "@/server/front/*", "@/server/metrics-scrape/*"],
  message: "Services are called by the transports (the /v3 wrapper, tRPC, sign-in, the front, the metrics scrape), never the reverse.",
};
const UI = { group: ["@/components/*", "@/components/**", "@/app/*", "@/app/**"], message: "Server code and schemas import no UI." };
// The recording leaf and the infrastructure below the services reach nothing above them.
const ABOVE_INFRASTRUCTURE = {
  group: ["@/server/services/*", "@/server/services/**", "@/server/http/*", "@/server/trpc/*", "@/server/trpc/**", "@/server/auth/*", "@/server/front/*", "@/server/metrics-scrape/*", "@/server/channels/*", "@/server/channels/**", "@/server/db/*"],
  message: "Infrastructure (metrics recording, Redis, throttle counters) sits below the services, transports, channels and the database.",
};
const SERVER_BEYOND_LIB = { regex: "^@/server/(?!lib/)", message: "src/server/lib holds plain helpers: they import nothing else of src/server." };
// Type-only imports carry no code across a boundary (the dashboard's client needs the router's type).
const boundary = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: patterns.map((p) => ({ ...p, allowTypeImports: true })) }] },
});

export default tseslint.config(
  { ignores: ["node_modules/", ".next/", ".next-*/", ".data/", "src/generated/", "test-results/", "playwright-report/", "e2e/artifacts/", "bench/tmp/", "next-env.d.ts", "sdk/typescript/dist/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  // One entry per layer (the globs do not overlap: a later entry would replace an earlier one's patterns).
  boundary(["src/server/services/**"], [FRAMEWORK, TRANSPORT, UI]),
  boundary(["src/schemas/**"], [SERVICES, { group: ["@/server/*", "@/server/**"], message: "Schemas are plain zod: shared by server and client." }, UI]),
  boundary(["src/server/lib/**"], [SERVER_BEYOND_LIB, UI]),
  boundary(["src/server/channels/**", "src/server/payments/**"], [SERVICES, TRANSPORT, UI]),
  boundary(["src/server/metrics/**", "src/server/redis/**", "src/server/throttle/**"], [ABOVE_INFRASTRUCTURE, UI]),
  boundary(["src/dev/**"], [SERVICES, TRANSPORT, UI]),
  boundary(["src/cli/commands/**"], [DATABASE]),
  boundary(["src/server/trpc/routers/**"], [DATABASE, UI]),
  boundary(["src/components/**"], [{ group: ["@/server/*", "@/server/**", "@/generated/prisma/client"], message: "UI code imports no server module: use tRPC, @/schemas and @/lib." }]),
  // Dashboard pages talk to the server through tRPC; the layout reads only the session and the channel registry.
  boundary(["src/app/(dashboard)/**"], [SERVICES, DATABASE]),
  boundary(
    ["src/server/**", "src/proxy.ts"],
    [UI],
    ["src/server/services/**", "src/server/lib/**", "src/server/channels/**", "src/server/payments/**", "src/server/metrics/**", "src/server/redis/**", "src/server/throttle/**", "src/server/trpc/routers/**"],
  ),
  // Server code logs through src/server/log.ts (structured lines with the request id), never the console.
  { files: ["src/server/**"], rules: { "no-restricted-globals": ["error", { name: "console", message: "Log through src/server/log.ts." }] } },
  // Command lines and the server process's entry (a start-up failure goes to stderr before any logger exists) print.
  {
    files: ["src/cli/**", "src/server/front/serve.mjs", "scripts/**", "sdk/*/test/**", "sdk/*/examples/**", "bench/**", "e2e/**", "tests/**", "src/server/log.ts"],
    rules: { "no-console": "off", "no-restricted-globals": "off" },
  },
);
