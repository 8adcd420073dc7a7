// The built product (api + worker) as real processes on a scratch database of the bench's own, the way
// packages/testing's startProductStack runs it, without the vitest globalSetup: this creates and
// migrates the database itself, seeds the demo data through the api's CLI, and exposes the process ids
// (for RSS) and the database (for checking the log). Needs `npm run build` first.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, findMigrationsDir, migrate, type Sql } from '@hs/db';
import { listCheckpoints, maxGlobalPosition } from '@hs/eventstore';
import { createDatabase, dropDatabase, randomName, withDatabase } from '@hs/testing';
import { Redis } from 'ioredis';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
  });
}

export function stopChild(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
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

// BENCH_READY_SECONDS (default 30): how long api and baseline may take to answer (a loaded machine is slow).
export async function waitReady(
  url: string,
  what: string,
  output: () => string,
  timeoutMs = Number(process.env.BENCH_READY_SECONDS ?? 30) * 1000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${what} did not become ready:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A scratch database of the bench's own, migrated; dropped by `drop()`. */
export async function scratchDatabase(
  prefix: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = randomName(prefix);
  await createDatabase(adminUrl, name);
  const url = withDatabase(adminUrl, name);
  const sql = connect(url, { max: 1, applicationName: 'bench-migrate' });
  try {
    await migrate(sql, findMigrationsDir(join(root, 'packages/db')));
  } finally {
    await sql.end({ timeout: 5 });
  }
  return { name, url, drop: () => dropDatabase(adminUrl, name) };
}

export interface BenchStack {
  baseUrl: string;
  dbUrl: string;
  dbName: string;
  /** A small pool on the bench database, for setup and checks. */
  sql: Sql;
  /** Process ids; `pids.api` changes when `restartApi` starts a new api (read it after each restart). */
  pids: { api: number; worker: number | undefined };
  adminToken: string;
  admin: <T = { id: number }>(method: string, path: string, body?: unknown) => Promise<T>;
  output: () => string;
  /** The GC meter's pauses so far in ms of the api or worker with this pid; NaN with BENCH_GC_METER=off. */
  gcMs: (pid: number) => number;
  /**
   * Stops the api and starts a new one on the same port with the stack's env plus `extraEnv` (an empty
   * object: the env it started with), waits for /readyz and updates `pids.api`. For comparing two api
   * configurations in one run on one database (bench/booking BOOKING_COMPARE).
   */
  restartApi: (extraEnv: Record<string, string>) => Promise<void>;
  /**
   * Waits until the worker has done what the load so far caused (workDone), so a CPU figure taken then
   * holds all of a booking's cost, its emails included; false after `timeoutMs`.
   */
  workDone: (timeoutMs: number) => Promise<boolean>;
  stop: () => Promise<void>;
}

/**
 * Api and worker from services/{api,worker}/dist. RATE_LIMITS=off, LOG_LEVEL=warn (no per-request
 * log lines), NODE_ENV=production. `nodeArgs` go to both (e.g. --cpu-prof).
 */
export async function startBenchStack(
  options: { worker?: boolean; env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<BenchStack> {
  for (const file of [
    'services/api/dist/server.js',
    'services/worker/dist/main.js',
    'services/api/dist/cli.js',
  ]) {
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: run npm run build first`);
  }
  const db = await scratchDatabase('hsbench');
  const port = await freePort();
  const prefix = randomName('hsbench');
  const mailDir = mkdtempSync(join(tmpdir(), 'hsbench-mail-'));
  const password = 'bench-admin-password';
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl,
    BULLMQ_PREFIX: prefix,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    ADMIN_PASSWORD: password,
    RATE_LIMITS: 'off',
    // The benches load the api on purpose: measure it, do not shed (issue 47).
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    DEMO: 'true',
    MAIL_OUTBOX_DIR: mailDir,
    WEB_DIST: join(root, 'web/dist'),
    ...options.env,
  };
  const seed = spawnSync('node', [join(root, 'services/api/dist/cli.js'), 'seed'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (seed.status !== 0) {
    await db.drop();
    throw new Error(`seed failed: ${seed.stderr || seed.stdout}`);
  }
  let output = '';
  const gcMeterDir =
    process.env.BENCH_GC_METER === 'off' ? undefined : mkdtempSync(join(tmpdir(), 'hs-bench-gc-'));
  const start = (name: string, file: string, childEnv: Record<string, string> = env) => {
    // BENCH_CPU_PROF=<dir>: V8 CPU profiles of api and worker, written when they stop.
    const prof = process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [];
    // The heap cap the product ships with (scripts/start.mjs, Dockerfile); BENCH_HEAP_MB=0: V8's default.
    const heapMb = Number(process.env.BENCH_HEAP_MB ?? 192);
    if (heapMb > 0) prof.push(`--max-old-space-size=${heapMb}`);
    // The one GC thread the product ships with too; BENCH_GC=parallel: V8's default helper threads.
    if (process.env.BENCH_GC !== 'parallel') prof.push('--single-threaded-gc');
    // The GC meter (gc-meter.cjs), read by gcMs; BENCH_GC_METER=off leaves it out.
    if (gcMeterDir) prof.push('--require', join(root, 'bench/lib/gc-meter.cjs'));
    // BENCH_NODE_ARGS: extra node flags for api and worker.
    prof.push(...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean));
    const child = spawn('node', [...prof, ...(options.nodeArgs ?? []), join(root, file)], {
      cwd: root,
      env: gcMeterDir ? { ...childEnv, BENCH_GC_METER_DIR: gcMeterDir } : childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (d: Buffer) => {
      output = (output + `[${name}] ${d}`).slice(-200_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    return child;
  };
  let api = start('api', 'services/api/dist/server.js');
  const worker = options.worker === false ? undefined : start('worker', 'services/worker/dist/main.js');
  // One object for the stack's life, so a caller holding `stack.pids` sees the api a restart starts.
  const pids = { api: api.pid!, worker: worker?.pid };
  const baseUrl = `http://127.0.0.1:${port}`;
  const sql = connect(db.url, { max: 4, applicationName: 'bench' });
  const restartApi = async (extraEnv: Record<string, string>) => {
    await stopChild(api);
    api = start('api', 'services/api/dist/server.js', { ...env, ...extraEnv });
    pids.api = api.pid!;
    await waitReady(`${baseUrl}/readyz`, 'the restarted api', () => output);
  };
  const stop = async () => {
    await Promise.all([api, ...(worker ? [worker] : [])].map((c) => stopChild(c)));
    await sql.end({ timeout: 5 });
    await db.drop();
    rmSync(mailDir, { recursive: true, force: true });
    if (gcMeterDir) rmSync(gcMeterDir, { recursive: true, force: true });
    const redis = new Redis(redisUrl, { lazyConnect: true });
    try {
      await redis.connect();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  };
  try {
    await waitReady(`${baseUrl}/readyz`, 'the api', () => output);
    const login = await fetch(`${baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    const adminToken = ((await login.json()) as { data: { token: string } }).data.token;
    const admin = async <T = { id: number }>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${adminToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { data?: unknown };
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data as T;
    };
    return {
      baseUrl,
      dbUrl: db.url,
      dbName: db.name,
      sql,
      pids,
      adminToken,
      admin,
      output: () => output,
      gcMs: (pid: number) => gcMs(gcMeterDir, pid),
      restartApi,
      workDone: (timeoutMs: number) => workDone(sql, prefix, timeoutMs),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** An event of its own with `slots` manual timeslots of `capacity` seats each and one package. */
export async function bookableEvent(
  stack: BenchStack,
  slots: number,
  capacity: number,
): Promise<{ eventId: number; packageId: number; slotIds: number[] }> {
  const tag = randomName('b').slice(2);
  const pkg = await stack.admin('POST', '/api/admin/packages', {
    name: `Bench package ${tag}`,
    price: '100',
  });
  const event = await stack.admin('POST', '/api/admin/events', {
    name: `Bench screening ${tag}`,
    slug: `bench-${tag}`,
    location: 'Toa Payoh',
    packageIds: [pkg.id],
  });
  const slotIds: number[] = [];
  const times = ['08:00', '09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00'];
  for (let i = 0; i < slots; i++) {
    const date = new Date(Date.now() + (10 + Math.floor(i / times.length)) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const slot = await stack.admin('POST', `/api/admin/events/${event.id}/timeslots`, {
      date,
      time: times[i % times.length],
      maxAttendees: capacity,
    });
    slotIds.push(slot.id);
  }
  return { eventId: event.id, packageId: pkg.id, slotIds };
}

/** A valid main-flow booking body (same shape as services/api/test/booking.int.spec.ts). */
export function bookingBody(n: number, ids: { eventId: number; packageId: number; timeslotId: number }) {
  return {
    ...ids,
    firstName: `Alex${n}`,
    lastName: 'Tan',
    email: `alex${n}@example.com`,
    mobileNumber: '91234567',
    gender: 'male',
    identificationNumber: `S${String(n % 10_000_000).padStart(7, '0')}X`,
    dateOfBirth: '1990-01-01',
    postalCode: '530123',
    address: '1 Ang Mo Kio Ave',
  };
}

/** Resident set size of a process in MB, from /proc. */
/** A memory line of /proc/<pid>/status (VmRSS, VmHWM) in MB; NaN when missing. */
function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

export const rssMb = (pid: number): number => procStatusMb(pid, 'VmRSS');

/** The highest RSS a process has had since it started (VmHWM), so a peak between samples counts too. */
export const peakRssMb = (pid: number): number => procStatusMb(pid, 'VmHWM');

/** CPU time (user + system) of a process in ms, from /proc; NaN when it is gone. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, CLK_TCK 100
  } catch {
    return Number.NaN;
  }
}

/**
 * The garbage collector's pauses so far in one of the stack's processes, in ms, as its GC meter
 * (gc-meter.cjs) last wrote them; NaN without the meter or before its first GC.
 */
function gcMs(dir: string | undefined, pid: number): number {
  if (!dir) return Number.NaN;
  try {
    const s = JSON.parse(readFileSync(join(dir, `${pid}.json`), 'utf8')) as Record<string, number>;
    return (s.scavengeMs ?? 0) + (s.markCompactMs ?? 0) + (s.otherMs ?? 0);
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU ms so far of the given processes, of the Postgres backends serving this database, per
 * application_name (api, worker:<id>, bench-baseline...), and of the Postgres server's own background
 * processes (walwriter, checkpointer, bgwriter, autovacuum, ... of the whole server, not only this
 * database: the WAL a booking writes is flushed by them) as "postgres (background)". Postgres must run on
 * this machine for its pids to be read from /proc. Take one before and one after a run and subtract with
 * `cpuDelta`.
 */
export async function cpuSnapshot(sql: Sql, pids: Record<string, number>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, pid] of Object.entries(pids)) out[name] = cpuMs(pid);
  const backends = await sql<{ pid: number; app: string; background: boolean }[]>`
    select pid, application_name as app,
           (backend_type <> 'client backend' or datname is null) as background
    from pg_stat_activity
    where pid <> pg_backend_pid()
      and ((backend_type = 'client backend' and datname = current_database())
           or backend_type <> 'client backend' or datname is null)`;
  for (const { pid, app, background } of backends) {
    const key = background ? 'postgres (background)' : `postgres (${app.replace(/^worker:.*/, 'worker')})`;
    out[`${key}#${pid}`] = cpuMs(pid);
  }
  return out;
}

/** Per process (Postgres backends summed per application), ms of CPU between two snapshots. */
export function cpuDelta(
  before: Record<string, number>,
  after: Record<string, number>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, v] of Object.entries(after)) {
    const name = key.replace(/#\d+$/, '');
    const d = v - (before[key] ?? 0); // a backend opened during the run counts from zero
    if (Number.isFinite(d)) out[name] = (out[name] ?? 0) + d;
  }
  return out;
}

/**
 * The projections and the worker's reactor have reached the end of the log, and no BullMQ job is waiting
 * or running (delayed ones, the reminders days ahead, are not work the load is owed now).
 */
async function workDone(sql: Sql, prefix: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  const redis = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  try {
    for (;;) {
      const last = await maxGlobalPosition(sql);
      const checkpoints = await listCheckpoints(sql, ['orders', 'slot_availability', 'notifications']);
      let pending = 0;
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        cursor = next;
        for (const key of keys) {
          if (key.endsWith(':wait') || key.endsWith(':active')) pending += await redis.llen(key);
        }
      } while (cursor !== '0');
      if (pending === 0 && checkpoints.every((c) => c.position.globalPosition >= last)) return true;
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    redis.disconnect();
  }
}

/**
 * Waits until the projections have applied the whole log (true), or `timeoutMs` passed (false): a
 * bench that measures after a load must not have the worker still catching up with it.
 */
export async function projectionsCaughtUp(sql: Sql, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const last = await maxGlobalPosition(sql);
    const checkpoints = await listCheckpoints(sql, ['orders', 'slot_availability']);
    if (checkpoints.every((c) => c.position.globalPosition >= last)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
}
