# syntax=docker/dockerfile:1
# The shop as a container image (README "Container deployment"): a build stage with every dependency
# compiles the messages, builds the site and its pictures, and collects the files the server needs
# (scripts/lib/runtime-files.mjs: the build, the migrations, the server and CLI scripts, and only the
# node_modules files they load); the runtime stage holds those alone and runs as the unprivileged
# `node` user. The same image serves any address: SITE_URL and every other setting are read at start.
#
#   docker build -t xs-storefront .
#   docker run -p 4321:4321 -v xs-data:/app/.data \
#     -e XS_API_KEY="$(openssl rand -hex 24)" -e SITE_URL=https://shop.example.my xs-storefront
#   (the image runs with NODE_ENV=production, which refuses the public development API key; the
#   embedded database, session secret and bootstrap token live in the volume)
#
# Debian bookworm (glibc): the prebuilt binaries of sharp and @node-rs/argon2 load as they are.
# The base image is pinned by digest (Node 24 on bookworm-slim); to move to a newer one:
#   docker buildx imagetools inspect node:24-bookworm-slim   # the "Digest:" line
ARG NODE_IMAGE=node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx paraglide-js compile --project ./project.inlang --outdir ./src/paraglide \
 && npx astro build \
 && node scripts/make-db-template.mjs \
 && node scripts/make-pictures.mjs \
 && node scripts/lib/runtime-files.mjs /runtime

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
# pg_dump and pg_restore for `node scripts/ops.mjs backup|restore` on PostgreSQL (README Backups):
# the client of the server's major version (15, as compose.yaml runs).
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client-15 \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build --chown=root:root /runtime/ ./
# The only writable places: the embedded database with its generated secrets and uploads (the volume;
# compose.yaml mounts a shared uploads volume on /app/uploads and a backups volume on /app/backups).
RUN mkdir -p /app/.data /app/uploads /app/backups && chown node:node /app/.data /app/uploads /app/backups
VOLUME ["/app/.data"]
USER node
EXPOSE 4321
# Liveness: the process answers; readiness (database, Redis) is /readyz, for the proxy.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4321) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) shuts down gracefully: requests in flight finish, pools close, exit 0.
STOPSIGNAL SIGTERM
# The Node flag and the MALLOC_* settings above: src/server/http/server-memory.ts (ADR 16 "Memory").
CMD ["node", "--max-semi-space-size=16", "--max-old-space-size=256", "scripts/serve.mjs"]
