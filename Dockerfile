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
# NODE_OPTIONS: a young generation of 64 MiB semi-spaces, as npm start / start:prod set it (docs/benchmarks.md,
# "The young generation's size"); Node 24 otherwise sizes it from the container's memory limit, down to 1 MiB.
# `docker run -e NODE_OPTIONS=...` replaces it: include --max-semi-space-size=64 there to keep it.
# Per process (each of WORKERS has its own, up to 2 x 64 MiB under load): leave ~150 MiB of headroom per worker.
FROM node:24-bookworm-slim AS gateway
ENV NODE_ENV=production PORT=4000 NODE_OPTIONS=--max-semi-space-size=64
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
USER node
EXPOSE 4000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/src/server.js"]
