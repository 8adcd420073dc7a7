import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { redactUrl } from '@hs/config';
import { connect, ensureDatabase, findMigrationsDir, migrate } from '@hs/db';
import {
  RESTORED_LOG_WARNING,
  guardTransactionIds,
  rebuildProjection,
  rewindSubscription,
} from '@hs/eventstore';
import { encryptClearEvents, installPersonalData, rewrapDataKeys } from '@hs/privacy';
import { projections } from '@hs/read-models';
import { buildApp } from './app';
import { readApiConfig } from './config';
import { seedDemo } from './seed';

// Where the demo admin's generated password is kept so every `npm start` can print it (git-ignored).
const DEMO_CREDENTIALS = resolve(process.cwd(), '.data/demo-admin.json');
// The same for the demo front-desk and finance logins (issue 23).
const DEMO_STAFF_CREDENTIALS = resolve(process.cwd(), '.data/demo-staff.json');

/** `node dist/cli.js ensure-db|migrate|seed|rewind <subscription>`: one-shot maintenance commands used by npm start and operators. */
async function main() {
  const [command] = process.argv.slice(2);
  const config = readApiConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  if (command === 'ensure-db') {
    const created = await ensureDatabase(config.databaseUrl);
    if (created) console.log(`created database ${new URL(config.databaseUrl).pathname.slice(1)}`);
  } else if (command === 'migrate') {
    const sql = connect(config.databaseUrl, { max: 2, applicationName: 'cli' });
    try {
      const result = await migrate(sql, findMigrationsDir());
      console.log(
        `migrations: ${result.applied.length} applied, ${result.skipped.length} already in place (${redactUrl(config.databaseUrl)})`,
      );
      const guard = await guardTransactionIds(sql, {
        onRenumber: ({ storedMax, nextXid }) =>
          console.log(`${RESTORED_LOG_WARNING} (stored up to ${storedMax}, next transaction ${nextXid})`),
      });
      if (guard.renumbered) {
        console.log(
          `event log renumbered: ${guard.events} events onto ${guard.ids} transaction ids, ${guard.checkpoints} checkpoints, ${guard.streams} streams`,
        );
      }
      // Issue 24: personal fields written in clear before encryption at rest are encrypted in place,
      // then the read models are rebuilt from the rewritten log.
      installPersonalData(config.personalData);
      const clear = await encryptClearEvents(sql);
      // Read models built before encryption at rest (clear identification numbers) are rebuilt too.
      const [stale] = await sql<{ n: number }[]>`
        select count(*)::int as n from orders
        where identification_number is not null and identification_number <> '' and identification_number not like 'pd1.%'`;
      if (clear.encrypted > 0 || (stale?.n ?? 0) > 0) {
        for (const projection of projections) await rebuildProjection(sql, projection);
        console.log(
          `personal data: ${clear.encrypted} events encrypted in place, ${stale?.n ?? 0} orders held clear numbers; read models rebuilt`,
        );
      }
    } finally {
      await sql.end({ timeout: 5 });
    }
  } else if (command === 'seed') {
    if (!config.demo) {
      console.log('DEMO is off: no demo data');
      return;
    }
    // The seed is this app's only caller, in-process: neither a rate limit nor load shedding has anyone
    // to protect (a busy machine's late timer once shed the seed's own requests, and `npm start` failed).
    const app = await buildApp({
      ...config,
      rateLimits: { ...config.rateLimits, enabled: false },
      overload: { ...config.overload, maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0 },
    });
    try {
      await app.ready();
      const report = await seedDemo(app, { adminPassword: config.admin.password, orders: config.demoOrders });
      if (report.seeded) {
        if (report.admin && config.env !== 'test') {
          mkdirSync(dirname(DEMO_CREDENTIALS), { recursive: true });
          writeFileSync(DEMO_CREDENTIALS, JSON.stringify(report.admin), { mode: 0o600 });
        }
        if (report.staff && config.env !== 'test') {
          mkdirSync(dirname(DEMO_STAFF_CREDENTIALS), { recursive: true });
          writeFileSync(DEMO_STAFF_CREDENTIALS, JSON.stringify(report.staff), { mode: 0o600 });
        }
        console.log(`demo data seeded: ${report.notes.join('; ')}`);
      } else {
        console.log('demo data already present');
      }
      const admin = readCredentials<{ username: string; password: string }>(DEMO_CREDENTIALS);
      if (admin) console.log(`demo admin login: ${admin.username} / ${admin.password}`);
      const staff =
        readCredentials<{ username: string; password: string; role: string }[]>(DEMO_STAFF_CREDENTIALS);
      for (const login of staff ?? [])
        console.log(`demo ${login.role.replace('_', '-')} login: ${login.username} / ${login.password}`);
    } finally {
      await app.close();
    }
  } else if (command === 'rewind') {
    // After Redis lost its data (a restore with a new Redis): the reactor handles every event again.
    const name = process.argv[3];
    if (!name) {
      console.error('usage: cli.js rewind <subscription> (the worker\'s reactor is "notifications")');
      process.exitCode = 2;
      return;
    }
    const sql = connect(config.databaseUrl, { max: 2, applicationName: 'cli' });
    try {
      const { from } = await rewindSubscription(sql, name);
      console.log(
        from === null
          ? `${name}: no checkpoint, nothing to rewind`
          : `${name}: rewound from ${from} to the start`,
      );
    } finally {
      await sql.end({ timeout: 5 });
    }
  } else if (command === 'rewrap-personal-data-keys') {
    // Key rotation (issue 24): PERSONAL_DATA_KEY is the new master key, PERSONAL_DATA_PREVIOUS_KEYS the old.
    installPersonalData(config.personalData);
    const sql = connect(config.databaseUrl, { max: 2, applicationName: 'cli' });
    try {
      const r = await rewrapDataKeys(sql);
      console.log(
        `personal data keys: ${r.rewrapped} re-wrapped under the current master key, ${r.alreadyCurrent} already were, ${r.destroyed} destroyed (erased)`,
      );
    } finally {
      await sql.end({ timeout: 5 });
    }
  } else {
    console.error('usage: cli.js ensure-db|migrate|seed|rewind <subscription>|rewrap-personal-data-keys');
    process.exitCode = 2;
  }
}

function readCredentials<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
