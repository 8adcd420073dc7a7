// `npm run dev`: the product as `npm start` runs it, plus the Vite dev server
// (hot reload) on http://localhost:5173 proxying /api to the api on :3000.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstalled, root } from './lib.mjs';

ensureInstalled();
const children = [
  spawn('node', [join(root, 'scripts/start.mjs')], { cwd: root, stdio: 'inherit' }),
  spawn(join(root, 'node_modules/.bin/vite'), [], { cwd: join(root, 'web'), stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
