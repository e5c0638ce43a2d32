# Palmarès as one image: what `npm run build` makes and the production dependencies, run by an
# unprivileged user that cannot change the app's files. compose.yaml runs two of it behind HAProxy
# with PostgreSQL and Redis; docs/operations.md ("Deploying with Compose") says how.

# Build: every dependency, then the client and server bundles into dist/.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run: production dependencies, the bundles and the migrations; no sources, no tests, no tsx call.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/var/lib/palmares
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/migrations ./migrations
# Root keeps the app's files; the one place the process may write is DATA_DIR (unused with
# PostgreSQL and PHONE_HASH_KEY, the embedded database's files otherwise).
RUN mkdir -p /var/lib/palmares && chown node:node /var/lib/palmares
USER node
EXPOSE 5000
# Slim images have no curl: Node's own fetch asks the readiness probe.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/readyz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself, not npm: SIGTERM from `docker stop` reaches the server, which closes and exits 0.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
