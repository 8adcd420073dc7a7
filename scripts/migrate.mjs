// `npm run migrate`: applies pending migrations to DATABASE_URL (default: local Postgres).
import { join } from 'node:path';
import { build, ensureInstalled, root, run } from './lib.mjs';

ensureInstalled();
build();
const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/health_screening',
};
run('node', [join(root, 'services/api/dist/cli.js'), 'ensure-db'], { env });
run('node', [join(root, 'services/api/dist/cli.js'), 'migrate'], { env });
