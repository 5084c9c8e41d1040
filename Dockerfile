# syntax=docker/dockerfile:1
# The app for production: `docker build -t b2b .` then run it with DATABASE_URL (see
# compose.yaml). Multi-stage: dependencies and the build happen in throwaway stages; the
# final image holds production dependencies, the built panel and server entry, the
# migrations, and runs as an unprivileged user.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts/prisma-generate.mjs ./scripts/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOST=0.0.0.0 DATA_DIR=/app/.data
RUN groupadd --system app && useradd --system --gid app --home /app app \
  && mkdir -p /app/.data && chown app:app /app/.data
COPY --from=build --chown=app:app /app/package.json /app/next.config.mjs ./
COPY --from=build --chown=app:app /app/node_modules ./node_modules
COPY --from=build --chown=app:app /app/server/generated ./server/generated
COPY --from=build --chown=app:app /app/.next ./.next
COPY --from=build --chown=app:app /app/dist ./dist
COPY --from=build --chown=app:app /app/prisma ./prisma
COPY --from=build --chown=app:app /app/server/fiscal/nfe/xsd ./server/fiscal/nfe/xsd
USER app
EXPOSE 3000
# Liveness: the process answers; readiness (/api/ready) also checks the database.
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node directly (not npm): it receives SIGTERM and shuts down gracefully.
CMD ["node", "--enable-source-maps", "dist/server.mjs"]
