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

/** A fresh, fully migrated database of its own, cloned from this run's template. */
export async function testDatabase(options: { max?: number } = {}): Promise<TestDatabase> {
  const adminUrl = required('HS_TEST_ADMIN_URL');
  const name = randomName(required('HS_TEST_RUN_ID'));
  await createDatabase(adminUrl, name, required('HS_TEST_TEMPLATE_DB'));
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
