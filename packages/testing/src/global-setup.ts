import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { connect, findMigrationsDir, migrate } from '@hs/db';
import { createDatabase, dropDatabasesLike, randomName, withDatabase } from './databases';
import { PG_BIN, type PostgresCluster, startPostgresCluster } from './pg-cluster';
import { startTestServices } from './services';

async function migratedTemplate(adminUrl: string, template: string): Promise<void> {
  await createDatabase(adminUrl, template);
  const sql = connect(withDatabase(adminUrl, template), { max: 1 });
  try {
    await migrate(sql, findMigrationsDir(new URL('.', import.meta.url).pathname));
  } finally {
    await sql.end();
  }
}

/**
 * Vitest globalSetup for integration tests: finds Postgres and Redis, creates one migrated template
 * database for this run, and hands its coordinates to the test workers through the environment.
 * Each test file then clones its own database from the template (see `testDatabase()`), so files
 * never see each other's data and runs never see each other's.
 *
 * Files run side by side (HS_TEST_LANES workers, set by vitest.config.ts): each worker slot (its
 * VITEST_POOL_ID) gets a Postgres cluster of its own, because the event log's snapshot horizon is
 * one per cluster: another file's open transaction on a shared cluster would hold back this file's
 * reads. Lane 1 is the given Postgres; lanes 2.. are throwaway clusters (fsync off) started here.
 */
interface Run {
  teardown: () => Promise<void>;
  /** How many projects' setups share it: the last teardown ends it. */
  users: number;
}

/**
 * Vitest calls a project's globalSetup once per project, all in this one process: the run's
 * services, template and lanes are made by the first and kept for the others.
 */
const shared = globalThis as { hsTestRun?: Promise<Run> };

async function startRun(): Promise<Run> {
  const services = await startTestServices();
  const runId = randomName('hst');
  const template = `${runId}_tpl`;
  await migratedTemplate(services.postgresUrl, template);
  process.env.HS_TEST_ADMIN_URL = services.postgresUrl;
  process.env.HS_TEST_TEMPLATE_DB = template;
  process.env.HS_TEST_RUN_ID = runId;
  process.env.HS_TEST_REDIS_URL = services.redisUrl;

  const lanes = Number(process.env.HS_TEST_LANES ?? '1');
  const clusters: PostgresCluster[] = [];
  const teardown = async () => {
    try {
      await dropDatabasesLike(services.postgresUrl, runId);
    } finally {
      await Promise.allSettled(clusters.map((c) => c.destroy()));
      await services.stop();
    }
  };
  if (lanes > 1 && !existsSync(join(PG_BIN, 'initdb'))) {
    console.warn(
      `test lanes: no initdb in ${PG_BIN} (set PG_BIN): every worker shares one Postgres, so a file's open transaction can hold back another's event-log reads`,
    );
  } else if (lanes > 1) {
    try {
      // fsync off: a throwaway cluster needs no durability. synchronous_commit stays on: tests check
      // that only the event store's own transactions relax it.
      const settings = {
        fsync: 'off',
        full_page_writes: 'off',
        max_connections: '300',
        shared_buffers: "'64MB'",
      };
      await Promise.all(
        Array.from({ length: lanes - 1 }, async (_, i) => {
          const cluster = await startPostgresCluster({ settings });
          clusters.push(cluster);
          await migratedTemplate(cluster.url(), template);
          process.env[`HS_TEST_ADMIN_URL_${i + 2}`] = cluster.url();
        }),
      );
    } catch (error) {
      await teardown();
      throw error;
    }
  }
  return { users: 0, teardown };
}

export default async function setup() {
  shared.hsTestRun ??= startRun();
  const run = await shared.hsTestRun;
  run.users += 1;
  return async () => {
    run.users -= 1;
    if (run.users > 0) return;
    shared.hsTestRun = undefined;
    await run.teardown();
  };
}
