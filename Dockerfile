# Multi-stage: compile with the dev dependencies, ship only production ones.
# Node 24 is a current LTS line; the gateway supports Node >= 20.19.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json tsconfig.sandbox.json ./
COPY src ./src
COPY schema ./schema
COPY resolvers ./resolvers
COPY loaders ./loaders
RUN npm run build && npm run sandbox:build

# The simulated upstreams alone (`docker build --target sandbox`): Node built-ins only, no dependencies;
# the gateway's image below leaves them out.
FROM node:24-bookworm-slim AS sandbox
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/dist-sandbox ./dist-sandbox
USER node
EXPOSE 4101 4102 4103
CMD ["node", "dist-sandbox/src/sandbox/main.js"]

# The gateway (the default target, last).
# The CMD starts node through scripts/start-production.sh, which sizes V8's young generation to the container's
# memory limit: 64 MiB semi-spaces (docs/benchmarks.md, "The young generation's size") where WORKERS processes fit
# with them, else 32 or 16, else Node's own sizing; a NODE_OPTIONS that sets --max-semi-space-size is kept as it is.
FROM node:24-bookworm-slim AS gateway
ENV NODE_ENV=production PORT=4000
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY scripts/start-production.sh ./scripts/
USER node
EXPOSE 4000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["sh", "scripts/start-production.sh", "dist/src/server.js"]
