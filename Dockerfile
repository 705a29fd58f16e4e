# syntax=docker/dockerfile:1
# Build stage: install everything, build the client and the server bundle.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: production dependencies and the built site only.
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=5000 DATA_DIR=/data CLIENT_DIST=/app/dist/client MALLOC_ARENA_MAX=2
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 5000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The same Node arguments as npm start (scripts/server-node-args.mjs; tests/unit/server-node-args.test.ts).
CMD ["node", "--max-old-space-size=96", "--max-semi-space-size=4", "dist/server/main.js"]
