// `npm test [unit|int|e2e]`: installs and builds what is missing, then runs the
// tests of that level (all levels by default): the domain's with coverage, then the rest. Integration
// tests take Postgres/Redis from DATABASE_URL / REDIS_URL, else Testcontainers.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, ensureInstalled, log, root } from './lib.mjs';
import { spawn } from 'node:child_process';

const level = process.argv[2];
const levels = { unit: '.unit.spec', int: '.int.spec', e2e: '.e2e.spec' };
if (level && !levels[level]) {
  console.error(`unknown test level "${level}": use unit, int or e2e`);
  process.exit(2);
}

ensureInstalled();
build();
mkdirSync(join(root, '.reports'), { recursive: true });

const reports = join(root, '.reports');
/**
 * One vitest run, as a promise of its exit status. `quiet` keeps its output until it ends, so two runs
 * side by side do not interleave their lines.
 */
const vitest = (name, extra, { quiet = false } = {}) => {
  const outputFile = join(reports, `vitest-${name}.json`);
  rmSync(outputFile, { force: true });
  const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`, ...extra];
  if (level) args.push(levels[level]);
  const child = spawn(join(root, 'node_modules', '.bin', 'vitest'), args, {
    cwd: root,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  const held = [];
  child.stdout?.on('data', (d) => held.push(d));
  child.stderr?.on('data', (d) => held.push(d));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (held.length > 0) process.stdout.write(Buffer.concat(held));
      resolve({ status: code ?? 1, outputFile });
    });
  });
};

log(`running ${level ?? 'all'} tests…`);
// Domain coverage is measured whenever its unit tests run (threshold in vitest.config.ts). V8 coverage
// slows every process it watches by about a quarter, so only the domain project's run collects it. It
// runs beside the rest (its 15 s fill the rest's start-up: Postgres lanes, migrations, first imports).
const started = [];
if (!level || level === 'unit') {
  started.push(vitest('domain', ['--project', 'domain', '--coverage.enabled'], { quiet: true }));
}
started.push(
  vitest('rest', [
    '--project',
    'server',
    '--project',
    'server-mocks',
    '--project',
    'web',
    '--project',
    'e2e',
    '--project',
    'system',
  ]),
);

const runs = await Promise.all(started);

// One report for .ci/run and scripts/ci-times.mjs, as if it had been one run.
const merged = { numTotalTests: 0, numPassedTests: 0, numFailedTests: 0, testResults: [] };
for (const run of runs) {
  if (!existsSync(run.outputFile)) continue;
  const r = JSON.parse(readFileSync(run.outputFile, 'utf8'));
  merged.numTotalTests += r.numTotalTests;
  merged.numPassedTests += r.numPassedTests;
  merged.numFailedTests += r.numFailedTests;
  merged.testResults.push(...r.testResults);
}
writeFileSync(join(reports, 'vitest.json'), JSON.stringify(merged));
process.exit(runs.some((r) => r.status !== 0) ? 1 : 0);
