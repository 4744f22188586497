# The shop's image: README "Running in production", ADR 29. Its npm steps (build; install without
# devDependencies; start) are the ones tests/e2e/src/production-start.test.ts reads from this file
# and runs outside a container, since no image registry is reachable where the tests run.

# Build stage: the whole install, for the storefront's build tools (Vite, React Router).
FROM node:24-slim AS build
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund
RUN npm run build

# Runtime stage: the dependencies the server runs on and the built storefront, owned by root; the
# server runs as the image's unprivileged `node` user and writes only to /app/data.
FROM node:24-slim
WORKDIR /app
COPY . .
RUN npm install --omit=dev --no-audit --no-fund
COPY --from=build /app/apps/storefront/build apps/storefront/build
RUN mkdir -p data && chown node:node data
# A deployment: an empty database is filled on purpose (SEED=site or demo), never by itself.
ENV APP_ENV=production
USER node
EXPOSE 3000
# SQLite, the generated secret (.secret) and uploaded media, unless DATABASE_URL, SECRET and MEDIA_DIR say otherwise.
VOLUME ["/app/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "start"]
