import { connect, type Sql } from '@hs/db';
import { createDatabase, dropDatabase, randomName, withDatabase } from './databases';

export interface TestDatabase {
  name: string;
  url: string;
  sql: Sql;
  drop: () => Promise<void>;
}

function required(name: string): string {
  const v = process.env[name];
  if (!v) {
    throw new Error(
      `${name} is not set: integration tests must run under the vitest globalSetup (packages/testing/src/global-setup.ts).`,
    );
  }
  return v;
}

/**
 * The Postgres of this worker's lane: a cluster of its own when files run side by side (see
 * global-setup.ts), so no other file's transaction holds back this file's event-log reads.
 */
export function laneAdminUrl(): string {
  const lane = process.env.VITEST_POOL_ID;
  return (lane && process.env[`HS_TEST_ADMIN_URL_${lane}`]) || required('HS_TEST_ADMIN_URL');
}

/**
 * A fresh, fully migrated database of its own, cloned from this run's template (or from `template`,
 * another database of this lane, such as a seeded one).
 */
export async function testDatabase(options: { max?: number; template?: string } = {}): Promise<TestDatabase> {
  const adminUrl = laneAdminUrl();
  const name = randomName(required('HS_TEST_RUN_ID'));
  await createDatabase(adminUrl, name, options.template ?? required('HS_TEST_TEMPLATE_DB'));
  const url = withDatabase(adminUrl, name);
  const sql = connect(url, { max: options.max ?? 10, applicationName: 'test' });
  return {
    name,
    url,
    sql,
    drop: async () => {
      await sql.end({ timeout: 5 });
      await dropDatabase(adminUrl, name);
    },
  };
}

/** Redis URL for this run plus a key prefix of this test's own, so BullMQ queues never collide. */
export function testRedis(): { url: string; prefix: string } {
  return { url: required('HS_TEST_REDIS_URL'), prefix: randomName('hst') };
}
