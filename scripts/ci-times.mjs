// Prints .ci/run's step times and, from the vitest report, each test level's files and the summed
// time of its files (files of a level run side by side, so the sum can exceed its wall time).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

const steps = (process.argv[2] ?? '').trim().split(/\s+/).filter(Boolean);
const total = steps.reduce((sum, s) => sum + Number(s.split('=')[1]), 0);
console.log(`== times: ${steps.map((s) => `${s.replace('=', ' ')} s`).join(', ')}; total ${total} s`);

const level = (file) => {
  if (file.includes('/tests/system/')) return 'system';
  if (file.includes('/web/e2e/')) return 'browser';
  if (file.includes('/web/src/')) return 'web';
  if (file.includes('.int.spec.')) return 'integration';
  return 'unit';
};
try {
  const report = JSON.parse(readFileSync(join(root, '.reports', 'vitest.json'), 'utf8'));
  const levels = {};
  for (const t of report.testResults) {
    const name = level(t.name);
    levels[name] ??= { files: 0, tests: 0, seconds: 0, first: Number.POSITIVE_INFINITY, last: 0 };
    const l = levels[name];
    l.files += 1;
    l.tests += t.assertionResults.length;
    l.seconds += (t.endTime - t.startTime) / 1000;
    l.first = Math.min(l.first, t.startTime);
    l.last = Math.max(l.last, t.endTime);
  }
  for (const [name, l] of Object.entries(levels)) {
    const wall = ((l.last - l.first) / 1000).toFixed(0);
    console.log(
      `   ${name}: ${l.tests} tests in ${l.files} files, ${l.seconds.toFixed(0)} s of file time, ${wall} s from first to last`,
    );
  }
} catch {
  console.log('   (no vitest report)');
}
