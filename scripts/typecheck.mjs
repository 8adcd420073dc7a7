// `npm run typecheck`: two TypeScript programs, run side by side: the server side (every package,
// service, bench and system test: tsconfig.server.json) and the web (web/tsconfig.json, its e2e tests
// included). One program per side checks each shared file once instead of once per package.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib.mjs';

const bin = (name) => join(root, 'node_modules', '.bin', name);

function run(label, command, args, cwd = root) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`${out}typecheck ${label}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n`);
      resolve(code === 0);
    });
  });
}

const web = async () =>
  (await run('web styles', bin('panda'), ['codegen', '--silent'], join(root, 'web'))) &&
  run('web', bin('tsc'), ['-p', 'web/tsconfig.json']);

const results = await Promise.all([run('server', bin('tsc'), ['-p', 'tsconfig.server.json']), web()]);
process.exit(results.every(Boolean) ? 0 : 1);
