import postgres from 'postgres';

export type Sql = postgres.Sql;
export type TransactionSql = postgres.TransactionSql;
/** A piece of SQL built with `sql\`...\`` to nest in another statement. */
export type Fragment = postgres.Fragment;

export interface ConnectOptions {
  /** Pool size; keep small per process, Postgres connections are expensive. */
  max?: number;
  applicationName?: string;
}

const UNREACHABLE = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down
  '53300', // too_many_connections
]);

/**
 * True when Postgres could not be reached or went away (worth waiting for), false for anything else,
 * a wrong password or a missing database included (worth failing for).
 */
export function isPostgresUnreachable(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string') return false;
  return UNREACHABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code); // class 08: connection exception
}

/** Seconds before the pool's next reconnect after `retries` failed ones: 10 ms doubling to 1 s, jittered. */
export function reconnectDelaySeconds(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(0.01 * 2 ** retries, 1);
}

/**
 * libpq's way of naming a Unix socket: `?host=/var/run/postgresql` (the driver would send an unknown
 * query parameter to the server as a setting). On one machine the socket spares every statement the
 * loopback TCP stack, which the sending process pays for in its own write (issue 27).
 */
export function splitSocketDir(url: string): { url: string; socketDir: string | null } {
  const u = new URL(url);
  const host = u.searchParams.get('host');
  if (!host?.startsWith('/')) return { url, socketDir: null };
  u.searchParams.delete('host');
  return { url: u.toString(), socketDir: host };
}

/**
 * One place that decides how every process talks to Postgres. A short
 * idle-in-transaction timeout matters for the event store: a transaction left
 * open holds back the snapshot horizon that subscribers read up to.
 */
export function connect(url: string, options: ConnectOptions = {}): Sql {
  const { url: target, socketDir } = splitSocketDir(url);
  return postgres(target, {
    ...(socketDir ? { host: socketDir } : {}),
    max: options.max ?? 10,
    idle_timeout: 30,
    connect_timeout: 10,
    // The driver waits before each reconnect, longer after every failed one (pool-wide), up to 20 s by
    // default; a query handed to a reconnecting connection waits that long too, so with Postgres
    // restarting a request hung for 15 s. Capped at 1 s: a request meets a refused connection (and
    // answers 503) within about a second, and the pool is back about a second after Postgres is.
    backoff: reconnectDelaySeconds,
    onnotice: () => {},
    connection: {
      application_name: options.applicationName ?? 'health-screening',
      idle_in_transaction_session_timeout: 10_000,
      statement_timeout: 30_000,
    },
    types: {
      // int8 columns (positions, versions, counts) come back as numbers: they stay far below 2^53.
      // xid8 transaction ids are left as strings and compared in SQL only.
      bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
    },
  });
}
