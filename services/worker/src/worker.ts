import { hostname } from 'node:os';
import { type Sql, connect } from '@hs/db';
import { startProjectionRunner } from '@hs/eventstore';
import { projections } from '@hs/read-models';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import type { WorkerConfig } from './config';

export interface RunningWorker {
  id: string;
  log: Logger;
  sql: Sql;
  redis: Redis;
  /** Stops taking work, lets in-flight work finish (bounded), closes connections. */
  stop: () => Promise<void>;
}

/**
 * Starts the worker's roles. It reaches the rest of the system only through
 * DATABASE_URL and REDIS_URL, so any number of workers can run on any host.
 */
export async function startWorker(
  config: WorkerConfig,
  options: { log?: Logger } = {},
): Promise<RunningWorker> {
  const id = config.workerId ?? `${hostname()}-${process.pid}`;
  const log = options.log ?? pino({ level: config.logLevel, base: { worker: id } });
  const sql = connect(config.databaseUrl, { max: config.databasePoolSize, applicationName: `worker:${id}` });
  // BullMQ workers need maxRetriesPerRequest null: they block on Redis and must wait out outages.
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  redis.on('error', (err) => log.warn({ err: err.message }, 'redis error'));

  await sql`select 1`;
  await redis.connect();
  const stoppers: Array<() => Promise<void>> = [];
  if (config.roles.includes('projector')) {
    // Every worker may run this: a lease per projection keeps exactly one runner active across hosts.
    const runner = startProjectionRunner(sql, projections, {
      holderId: id,
      onError: (err, name) => log.error({ err, projection: name }, 'projection failed; retrying'),
    });
    stoppers.push(() => runner.stop());
  }
  log.info({ roles: config.roles }, 'worker ready');

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      log.info('worker stopping');
      for (const s of stoppers.reverse()) await s();
      redis.disconnect();
      await sql.end({ timeout: 5 });
      log.info('worker stopped');
    })();
    return stopping;
  };
  return { id, log, sql, redis, stop };
}
