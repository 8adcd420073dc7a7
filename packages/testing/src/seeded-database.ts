import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { connect } from '@hs/db';
import { createDatabase, dropDatabase, withDatabase } from './databases';
import { type TestDatabase, laneAdminUrl, testDatabase } from './test-database';

/**
 * A database with the demo seed, for a product stack. The seed is made once per test run, Postgres
 * cluster and seed settings, then cloned for each stack: a seed costs about 4 s of CPU (a node
 * process that checks the migrations and writes the demo catalogue), a clone a fraction of a second,
 * and two dozen browser and system test files each start a stack. Processes started on one seed's
 * clones share its personal-data keys, derived from the run and the settings.
 */
export async function seededDatabase(options: {
  /** The seed command, run once with `DATABASE_URL` and the keys added to `env`. */
  seed: string[];
  cwd: string;
  env: Record<string, string>;
  /** What the seed may depend on besides the run (the test's own environment overrides). */
  settings: Record<string, string>;
}): Promise<{ db: TestDatabase; keys: { PERSONAL_DATA_KEY: string; PERSONAL_DATA_HASH_KEY: string } }> {
  const runId = process.env.HS_TEST_RUN_ID ?? 'hst';
  const digest = createHash('sha256').update(JSON.stringify(options.settings)).digest('hex');
  const name = `${runId}_seed_${digest.slice(0, 12)}`;
  const derive = (use: string) => createHash('sha256').update(`${runId}:${digest}:${use}`).digest('base64');
  const keys = {
    PERSONAL_DATA_KEY: options.settings.PERSONAL_DATA_KEY ?? derive('personal-data'),
    PERSONAL_DATA_HASH_KEY: options.settings.PERSONAL_DATA_HASH_KEY ?? derive('hash'),
  };

  const adminUrl = laneAdminUrl();
  const admin = connect(adminUrl, { max: 1, applicationName: 'test-seed' });
  try {
    // Files on other workers of this lane may ask for the same seed at the same moment.
    const session = await admin.reserve();
    try {
      await session`select pg_advisory_lock(hashtext(${name}))`;
      const [found] = await session`select 1 from pg_database where datname = ${name}`;
      if (!found) await seedInto(adminUrl, name, { ...options, env: { ...options.env, ...keys } });
      await session`select pg_advisory_unlock(hashtext(${name}))`;
    } finally {
      session.release();
    }
  } finally {
    await admin.end();
  }
  return { db: await testDatabase({ max: 2, template: name }), keys };
}

async function seedInto(
  adminUrl: string,
  name: string,
  options: { seed: string[]; cwd: string; env: Record<string, string> },
): Promise<void> {
  await createDatabase(adminUrl, name, process.env.HS_TEST_TEMPLATE_DB);
  const [command, ...args] = options.seed;
  const result = spawnSync(command!, args, {
    cwd: options.cwd,
    env: { ...options.env, DATABASE_URL: withDatabase(adminUrl, name) },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    await dropDatabase(adminUrl, name);
    throw new Error(`seed failed: ${result.stderr || result.stdout}`);
  }
}
