// Every bench in turn, one process each (never two at once: they share the machine and the database
// server). Stops at the first that fails to run; a missed target is printed, not a failure here.
//   npm run all -w bench      (npm run build first)
// BENCH_ALL (default eventstore,booking,hot-slot,reads,cache,lag,memory,web) picks a subset.
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const DEFAULT = 'eventstore,booking,hot-slot,reads,cache,lag,memory,web';
const benches = (process.env.BENCH_ALL ?? DEFAULT).split(',');
const results: string[] = [];
for (const name of benches) {
  console.log(`\n===== ${name} =====`);
  const started = Date.now();
  const r = spawnSync('npx', ['tsx', `${name}/index.ts`], { cwd: here, stdio: 'inherit' });
  results.push(`${name}: exit ${r.status ?? r.signal} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (r.status === null) break;
}
console.log(`\n${results.join('\n')}`);
