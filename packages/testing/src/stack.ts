import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededDatabase } from './seeded-database';
import { type TestDatabase, testRedis } from './test-database';
import { freePort } from './free-port';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ProductStack {
  /** The first api's address. */
  baseUrl: string;
  /** Every api's address, in start order. */
  baseUrls: string[];
  db: TestDatabase;
  /** Demo admin login created by the seed. */
  admin: { username: string; password: string };
  /** The environment every process got (DATABASE_URL, REDIS_URL, BULLMQ_PREFIX, ...). */
  env: Record<string, string>;
  /** Everything the processes printed, for debugging a failed test. */
  output: () => string;
  /** The first api process, for fault tests (signals, exit). */
  api: ChildProcess;
  apis: ChildProcess[];
  workers: ChildProcess[];
  /**
   * Starts one more worker. `prefix` runs it through a wrapper command (for example
   * `['ip', 'netns', 'exec', 'ns1']` for a worker on another network host); `env` overrides.
   */
  startWorker: (options?: { env?: Record<string, string>; prefix?: string[]; name?: string }) => ChildProcess;
  /** Starts one more api on a free port and waits until it is ready; returns its address. */
  startApi: (options?: { env?: Record<string, string> }) => Promise<{ baseUrl: string; child: ChildProcess }>;
  stop: () => Promise<void>;
}

/** SIGTERM, then SIGKILL after `timeoutMs`; resolves once the process has exited. */
export function stopChild(child: ChildProcess, timeoutMs = 8000): Promise<void> {
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

async function waitReady(
  baseUrl: string,
  output: () => string,
  path = '/readyz',
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}${path}`)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`the api at ${baseUrl} did not become ready:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The built product as a user runs it: a fresh database of its own with the demo data (a clone of
 * this run's seed, seeded-database.ts; or `database`, seeded here, when a test brings one, say on a
 * second cluster), `apis` api processes (serving the built web app) and `workers` worker processes,
 * each on a free port. Needs `npm run build` first (npm test does it).
 */
export async function startProductStack(
  options: {
    env?: Record<string, string>;
    /** false: no worker (same as workers: 0). */
    worker?: boolean;
    workers?: number;
    apis?: number;
    database?: TestDatabase;
    /** Runs the fake Stripe server (the api's dist/fake-stripe.js) for PayNow (issue 48). */
    paynow?: boolean;
    /** Runs the fake Singpass (the api's dist/fake-singpass.js) for Myinfo (issue 49). */
    singpass?: boolean;
  } = {},
): Promise<ProductStack> {
  for (const file of ['services/api/dist/server.js', 'services/worker/dist/main.js', 'web/dist/index.html']) {
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: run npm run build first`);
  }
  const redis = testRedis();
  const admin = { username: 'admin', password: 'e2e-admin-password' };
  const base: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    REDIS_URL: redis.url,
    BULLMQ_PREFIX: redis.prefix,
    HOST: '127.0.0.1',
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-000000',
    ADMIN_PASSWORD: admin.password,
    RATE_LIMITS: 'off',
    // A loaded test machine (other files' stacks, browsers) is no overload of this api: only the heap
    // check sheds load here; tests that want the event-loop check set it (issue 47).
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    DEMO: 'true',
    // The demo orders send mail of their own; tests that count messages book their own orders.
    DEMO_ORDERS: 'false',
    WEB_DIST: join(root, 'web/dist'),
    ...options.env,
  };
  const seed = ['node', join(root, 'services/api/dist/cli.js'), 'seed'];
  let db: TestDatabase;
  let keys: Record<string, string>;
  if (options.database) {
    // Issue 24: keys of its own per stack, shared by its api and workers.
    db = options.database;
    keys = {
      PERSONAL_DATA_KEY: options.env?.PERSONAL_DATA_KEY ?? randomBytes(32).toString('base64'),
      PERSONAL_DATA_HASH_KEY: options.env?.PERSONAL_DATA_HASH_KEY ?? randomBytes(32).toString('base64'),
    };
    const seeded = spawnSync(seed[0]!, seed.slice(1), {
      cwd: root,
      env: { ...base, ...keys, DATABASE_URL: db.url },
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr || seeded.stdout}`);
  } else {
    ({ db, keys } = await seededDatabase({ seed, cwd: root, env: base, settings: options.env ?? {} }));
  }
  const env: Record<string, string> = { ...base, ...keys, DATABASE_URL: db.url };
  const stripePort = options.paynow ? await freePort() : 0;
  if (options.paynow) {
    Object.assign(env, {
      STRIPE_SECRET_KEY: 'sk_test_stack',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_stack_0123456789',
      STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
    });
  }

  const singpassPort = options.singpass ? await freePort() : 0;
  if (options.singpass) {
    const jwk = (kid: string, use: string, alg: string) => ({
      ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
      kid,
      use,
      alg,
    });
    Object.assign(env, {
      SINGPASS_ISSUER: `http://127.0.0.1:${singpassPort}`,
      SINGPASS_CLIENT_ID: 'stack-health-screening',
      SINGPASS_SIGNING_KEYS: JSON.stringify([jwk('stack-sig', 'sig', 'ES256')]),
      SINGPASS_ENCRYPTION_KEYS: JSON.stringify([jwk('stack-enc', 'enc', 'ECDH-ES+A256KW')]),
    });
  }

  let output = '';
  const children: ChildProcess[] = [];
  const spawnNamed = (name: string, command: string[], childEnv: Record<string, string>) => {
    const [cmd, ...args] = command;
    const child = spawn(cmd!, args, { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d) => {
      output += `[${name}] ${d}`;
    });
    child.stderr?.on('data', (d) => {
      output += `[${name}] ${d}`;
    });
    children.push(child);
    return child;
  };
  const apis: ChildProcess[] = [];
  const workers: ChildProcess[] = [];
  const baseUrls: string[] = [];
  const startApi = async (more: { env?: Record<string, string> } = {}) => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const child = spawnNamed(`api${apis.length + 1}`, ['node', join(root, 'services/api/dist/server.js')], {
      PUBLIC_BASE_URL: baseUrl,
      ...env,
      PORT: String(port),
      ...more.env,
    });
    apis.push(child);
    baseUrls.push(baseUrl);
    await waitReady(baseUrl, () => output);
    return { baseUrl, child };
  };
  const startWorker = (more: { env?: Record<string, string>; prefix?: string[]; name?: string } = {}) => {
    const child = spawnNamed(
      more.name ?? `worker${workers.length + 1}`,
      [...(more.prefix ?? []), 'node', join(root, 'services/worker/dist/main.js')],
      { ...env, ...more.env },
    );
    workers.push(child);
    return child;
  };
  const stop = async () => {
    await Promise.all(children.map((c) => stopChild(c)));
    if (!options.database) await db.drop();
  };
  try {
    const apiCount = options.apis ?? 1;
    for (let i = 0; i < apiCount; i++) await startApi();
    if (options.paynow) {
      spawnNamed('stripe', ['node', join(root, 'services/api/dist/fake-stripe.js')], {
        ...env,
        FAKE_STRIPE_PORT: String(stripePort),
        FAKE_STRIPE_WEBHOOK_URL: `${baseUrls[0]}/api/payments/stripe/webhook`,
      });
      await waitReady(`http://127.0.0.1:${stripePort}`, () => output, '/__fake/payment_intents');
    }
    if (options.singpass) {
      // Each api's callback (its PUBLIC_BASE_URL's) is a redirect URI the fake accepts.
      spawnNamed('singpass', ['node', join(root, 'services/api/dist/fake-singpass.js')], {
        ...env,
        FAKE_SINGPASS_PORT: String(singpassPort),
        SINGPASS_REDIRECT_URI: baseUrls.map((u) => `${u}/api/myinfo/callback`).join(','),
      });
      await waitReady(`http://127.0.0.1:${singpassPort}`, () => output, '/.well-known/openid-configuration');
    }
    const workerCount = options.worker === false ? 0 : (options.workers ?? 1);
    for (let i = 0; i < workerCount; i++) startWorker();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl: baseUrls[0]!,
    baseUrls,
    db,
    admin,
    env,
    api: apis[0]!,
    apis,
    workers,
    output: () => output,
    startWorker,
    startApi,
    stop,
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
