import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type TestDatabase, testDatabase, testRedis } from './test-database';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ProductStack {
  baseUrl: string;
  db: TestDatabase;
  /** Demo admin login created by the seed. */
  admin: { username: string; password: string };
  /** Everything the processes printed, for debugging a failed test. */
  output: () => string;
  /** The api process, for fault tests (signals, exit). */
  api: ChildProcess;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
  });
}

function stopChild(child: ChildProcess, timeoutMs = 8000): Promise<void> {
  return new Promise((res) => {
    if (child.exitCode !== null || child.signalCode !== null) return res();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      res();
    });
    child.kill('SIGTERM');
  });
}

/**
 * The built product as a user runs it: a fresh database of its own, seeded with the demo data, the
 * api (serving the built web app) and a worker as real processes on a free port. Needs `npm run
 * build` first (npm test does it).
 */
export async function startProductStack(
  options: { env?: Record<string, string>; worker?: boolean } = {},
): Promise<ProductStack> {
  for (const file of ['services/api/dist/server.js', 'services/worker/dist/main.js', 'web/dist/index.html']) {
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: run npm run build first`);
  }
  const db = await testDatabase({ max: 2 });
  const redis = testRedis();
  const port = await freePort();
  const admin = { username: 'admin', password: 'e2e-admin-password' };
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    BULLMQ_PREFIX: redis.prefix,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-000000',
    ADMIN_PASSWORD: admin.password,
    RATE_LIMITS: 'off',
    DEMO: 'true',
    WEB_DIST: join(root, 'web/dist'),
    ...options.env,
  };
  const seed = spawnSync('node', [join(root, 'services/api/dist/cli.js'), 'seed'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (seed.status !== 0) throw new Error(`seed failed: ${seed.stderr || seed.stdout}`);

  let output = '';
  const start = (name: string, file: string) => {
    const child = spawn('node', [join(root, file)], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d) => {
      output += `[${name}] ${d}`;
    });
    child.stderr?.on('data', (d) => {
      output += `[${name}] ${d}`;
    });
    return child;
  };
  const children = [start('api', 'services/api/dist/server.js')];
  if (options.worker !== false) children.push(start('worker', 'services/worker/dist/main.js'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      await Promise.all(children.map((c) => stopChild(c)));
      await db.drop();
      throw new Error(`the api did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    db,
    admin,
    api: children[0]!,
    output: () => output,
    stop: async () => {
      await Promise.all(children.map((c) => stopChild(c)));
      await db.drop();
    },
  };
}

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

/** Debian's chromium driven by playwright-core; never a downloaded browser. */
export async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
