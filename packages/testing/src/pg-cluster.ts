import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from '@hs/db';
import { createDatabase, dropDatabase, randomName, withDatabase } from './databases';
import type { TestDatabase } from './test-database';
import { freePort } from './free-port';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where Debian puts the server binaries; PG_BIN overrides. */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresCluster {
  port: number;
  /** The cluster's data directory (owned by the postgres user when run as root). */
  dataDir: string;
  /** `postgres://postgres@127.0.0.1:<port>/<db>`, trust auth. */
  url: (db?: string) => string;
  /** `pg_ctl stop -m <mode>`: fast (disconnects everyone, clean), immediate (like a crash), smart. */
  stop: (mode?: 'smart' | 'fast' | 'immediate') => Promise<void>;
  start: () => Promise<void>;
  /** `pg_ctl restart -m fast`. */
  restart: () => Promise<void>;
  running: () => boolean;
  /**
   * Runs one of the cluster's binaries (pg_resetwal, pg_dump, pg_restore, ...) as the cluster's
   * owner; resolves with its stdout, rejects with its stderr.
   */
  run: (binary: string, args: string[]) => Promise<string>;
  /** A new database in this cluster, migrated with `cli.js migrate` (the built product's own migrations). */
  createDatabase: (options?: { name?: string; migrate?: boolean }) => Promise<TestDatabase>;
  /** Stops the cluster (immediate) if it runs, kills a postmaster that would not stop, deletes its files. */
  destroy: () => Promise<void>;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** initdb and postgres refuse to run as root: run them as `postgres` then. */
function pgCommand(binary: string, args: string[]): [string, string[]] {
  const path = join(PG_BIN, binary);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
}

/** Async, so a test's clients keep running (and timing) while Postgres stops or starts. */
function runPg(binary: string, args: string[], timeoutMs = 120_000): Promise<string> {
  const [cmd, argv] = pgCommand(binary, args);
  return new Promise((res, rej) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (e) => {
      clearTimeout(timer);
      rej(e);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) res(out);
      else rej(new Error(`${binary} ${args.join(' ')} failed (${code ?? signal}): ${err || out}`));
    });
  });
}

/**
 * A throwaway Postgres cluster of a test's own (initdb into a temp dir, trust auth, a free port on
 * 127.0.0.1, its unix socket in the temp dir), for tests that stop, restart or restore Postgres
 * without touching the shared one. Always `destroy()` it (afterAll), also when the test failed.
 * `configure` runs on the stopped, freshly created cluster before its first start (for example
 * `pg_resetwal`).
 */
export async function startPostgresCluster(
  options: {
    configure?: (cluster: PostgresCluster) => Promise<void>;
    settings?: Record<string, string>;
  } = {},
): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'hs-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const url = (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`;
  const pgCtl = (args: string[]) => runPg('pg_ctl', ['-D', dataDir, ...args]);
  const postmasterPid = (): number | null => {
    try {
      const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return Number.isInteger(pid) && pid > 0 ? pid : null;
    } catch {
      return null;
    }
  };
  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const running = () => {
    const pid = postmasterPid();
    return pid !== null && alive(pid);
  };

  const cluster: PostgresCluster = {
    port,
    dataDir,
    url,
    running,
    stop: async (mode = 'fast') => {
      await pgCtl(['stop', '-m', mode, '-w', '-t', '60']);
    },
    start: async () => {
      await pgCtl(['start', '-w', '-t', '60', '-l', logFile]);
    },
    restart: async () => {
      await pgCtl(['restart', '-m', 'fast', '-w', '-t', '60', '-l', logFile]);
    },
    run: (binary, args) => runPg(binary, args),
    createDatabase: async (opts = {}) => {
      const name = opts.name ?? randomName('hsc');
      await createDatabase(url(), name);
      const dbUrl = withDatabase(url(), name);
      if (opts.migrate !== false) {
        const migrated = spawnSync('node', [join(root, 'services/api/dist/cli.js'), 'migrate'], {
          cwd: root,
          env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: dbUrl },
          encoding: 'utf8',
        });
        if (migrated.status !== 0) throw new Error(`migrate failed: ${migrated.stderr || migrated.stdout}`);
      }
      const sql = connect(dbUrl, { max: 4, applicationName: 'test' });
      return {
        name,
        url: dbUrl,
        sql,
        drop: async () => {
          await sql.end({ timeout: 5 });
          if (running()) await dropDatabase(url(), name);
        },
      };
    },
    destroy: async () => {
      try {
        if (running()) await pgCtl(['stop', '-m', 'immediate', '-w', '-t', '30']);
      } catch {}
      const pid = postmasterPid();
      if (pid !== null && alive(pid)) {
        process.kill(pid, 'SIGKILL');
        for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    await runPg('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    const settings: Record<string, string> = {
      port: String(port),
      listen_addresses: "'127.0.0.1'",
      unix_socket_directories: `'${dir}'`,
      max_connections: '100',
      shared_buffers: "'32MB'",
      logging_collector: 'off',
      ...options.settings,
    };
    const conf = join(dataDir, 'postgresql.conf');
    writeFileSync(
      conf,
      `${readFileSync(conf, 'utf8')}\n# startPostgresCluster\n${Object.entries(settings)
        .map(([k, v]) => `${k} = ${v}`)
        .join('\n')}\n`,
    );
    await options.configure?.(cluster);
    await cluster.start();
  } catch (err) {
    await cluster.destroy();
    throw err;
  }
  return cluster;
}
