import { execSync } from 'node:child_process';

export interface TestServices {
  /** A Postgres URL whose user may create and drop databases. */
  postgresUrl: string;
  redisUrl: string;
  stop: () => Promise<void>;
}

function dockerAvailable(): boolean {
  try {
    execSync('docker info', { stdio: 'ignore', timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Postgres and Redis for a test run: from DATABASE_URL / REDIS_URL when set
 * (CI, this machine), else Testcontainers when a Docker engine answers (a
 * developer laptop), else a message saying exactly what to set.
 */
export async function startTestServices(): Promise<TestServices> {
  const envPg = process.env.DATABASE_URL;
  const envRedis = process.env.REDIS_URL;
  if (envPg && envRedis) return { postgresUrl: envPg, redisUrl: envRedis, stop: async () => {} };

  if (!dockerAvailable()) {
    throw new Error(
      'Integration tests need Postgres and Redis. Set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) ' +
        'and REDIS_URL (e.g. redis://127.0.0.1:6379), or start a Docker engine so Testcontainers can run them ' +
        '(`docker compose up -d postgres redis` also works).',
    );
  }
  const { GenericContainer, Wait } = await import('testcontainers');
  const stops: Array<() => Promise<unknown>> = [];
  let postgresUrl = envPg;
  if (!postgresUrl) {
    const pg = await new GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_PASSWORD: 'postgres' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    stops.push(() => pg.stop());
    postgresUrl = `postgres://postgres:postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`;
  }
  let redisUrl = envRedis;
  if (!redisUrl) {
    const redis = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
    stops.push(() => redis.stop());
    redisUrl = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
  }
  return {
    postgresUrl,
    redisUrl,
    stop: async () => {
      await Promise.all(stops.map((s) => s()));
    },
  };
}
