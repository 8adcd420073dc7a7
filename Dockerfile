# One image for api and worker; the command picks which runs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npx turbo run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# Keeps api and worker under 250 MB RSS under load (docs/operations.md, "Memory").
ENV NODE_OPTIONS=--max-old-space-size=192
COPY --from=build /app /app
EXPOSE 3000
CMD ["node", "services/api/dist/server.js"]
