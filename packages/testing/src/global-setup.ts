import { connect, findMigrationsDir, migrate } from '@hs/db';
import { createDatabase, dropDatabasesLike, randomName, withDatabase } from './databases';
import { startTestServices } from './services';

/**
 * Vitest globalSetup for integration tests: finds Postgres and Redis, creates
 * one migrated template database for this run, and hands its coordinates to
 * the test workers through the environment. Each test file then clones its
 * own database from the template (see `testDatabase()`), so files never see
 * each other's data and runs never see each other's.
 */
export default async function setup() {
  const services = await startTestServices();
  const runId = randomName('hst');
  const template = `${runId}_tpl`;
  await createDatabase(services.postgresUrl, template);
  const sql = connect(withDatabase(services.postgresUrl, template), { max: 1 });
  try {
    await migrate(sql, findMigrationsDir(new URL('.', import.meta.url).pathname));
  } finally {
    await sql.end();
  }
  process.env.HS_TEST_ADMIN_URL = services.postgresUrl;
  process.env.HS_TEST_TEMPLATE_DB = template;
  process.env.HS_TEST_RUN_ID = runId;
  process.env.HS_TEST_REDIS_URL = services.redisUrl;

  return async () => {
    await dropDatabasesLike(services.postgresUrl, runId);
    await services.stop();
  };
}
