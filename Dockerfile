# One image for api and worker; the command picks which runs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npx turbo run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# Keeps api and worker under 250 MB RSS under load (docs/operations.md, "Memory and GC").
ENV NODE_OPTIONS=--max-old-space-size=192
COPY --from=build /app /app
EXPOSE 3000
# --single-threaded-gc is a V8 flag, which NODE_OPTIONS refuses: the api's and the worker's commands pass it
# themselves (here and in docker-compose.yml); one-off commands such as migrate need not.
CMD ["node", "--single-threaded-gc", "services/api/dist/server.js"]
