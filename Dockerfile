# syntax=docker/dockerfile:1
# Foyer: one process serving the API and the built storefront. Stages: build (everything, dev
# tools included), deps (production node_modules of the server only), and the runtime image
# (Node, those modules, the bundled server, the built storefront, the demo catalog; non-root).
ARG NODE_IMAGE=node:20-bookworm-slim

# The package manifests alone: the two installs below are cached until they change.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/

FROM manifests AS build
# `npm install` follows the lock (see .ci/run.sh for why not `npm ci`).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server

FROM manifests AS deps
RUN npm install --omit=dev --no-audit --no-fund --workspace @foyer/server --workspace @foyer/contracts \
  && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_URL=sqlite:/data/foyer.db \
    FOYER_SEED_FILE=/app/catalog/demo.json \
    FOYER_WEB_DIST=/app/web
WORKDIR /app
COPY --from=deps /src/node_modules ./node_modules
COPY --from=build /src/dist/server ./dist/server
COPY --from=build /src/packages/web/dist ./web
# The server render of the public pages (docs/server-rendering.md), found beside ./web.
COPY --from=build /src/packages/web/dist-ssr ./dist-ssr
COPY catalog ./catalog
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness; load balancers should poll /api/ready (503 while draining on SIGTERM).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/server/main.mjs"]
