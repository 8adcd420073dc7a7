// Zero-dependency helpers shared by the start, test and dev scripts: they run
// before node_modules exists, so only Node's own modules are used here.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  console.log(`\x1b[36m▸\x1b[0m ${message}`);
}

export function fail(message) {
  console.error(`\x1b[31m✖\x1b[0m ${message}`);
  process.exit(1);
}

/** Runs a command to completion with inherited output; exits the script if it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0)
    fail(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && existsSync(lock) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund'], { env: { ...process.env, npm_config_loglevel: 'error' } });
}

export function build() {
  log('building…');
  run(
    join(root, 'node_modules', '.bin', 'turbo'),
    ['run', 'build', '--output-logs=errors-only', '--log-prefix=none'],
    {
      env: {
        ...process.env,
        TURBO_TELEMETRY_DISABLED: '1',
        DO_NOT_TRACK: '1',
        TURBO_NO_UPDATE_NOTIFIER: '1',
      },
    },
  );
}

/** True when something accepts TCP connections on host:port within the timeout. */
export function probe(port, host = '127.0.0.1', timeoutMs = 800) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function which(binary) {
  return spawnSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' }).stdout.trim() || undefined;
}

/** Starts a long-running child whose output is prefixed with its name. */
export function startChild(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `\x1b[90m[${name}]\x1b[0m `;
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = '';
    stream.on('data', (chunk) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  return child;
}

export async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}
