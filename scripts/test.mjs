// `npm test [unit|int|e2e]`: installs and builds what is missing, then runs the
// tests of that level (all levels by default) in one vitest run. Integration
// tests take Postgres/Redis from DATABASE_URL / REDIS_URL, else Testcontainers.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build, ensureInstalled, log, root } from './lib.mjs';
import { spawnSync } from 'node:child_process';

const level = process.argv[2];
const levels = { unit: '.unit.spec', int: '.int.spec', e2e: '.e2e.spec' };
if (level && !levels[level]) {
  console.error(`unknown test level "${level}": use unit, int or e2e`);
  process.exit(2);
}

ensureInstalled();
build();
mkdirSync(join(root, '.reports'), { recursive: true });

const args = [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(root, '.reports', 'vitest.json')}`,
];
// Domain coverage is measured whenever its unit tests run (threshold in vitest.config.ts).
if (!level || level === 'unit') args.push('--coverage.enabled');
if (level) args.push(levels[level]);

log(`running ${level ?? 'all'} tests…`);
const result = spawnSync(join(root, 'node_modules', '.bin', 'vitest'), args, { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
