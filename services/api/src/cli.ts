import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { redactUrl } from '@hs/config';
import { connect, ensureDatabase, findMigrationsDir, migrate } from '@hs/db';
import { RESTORED_LOG_WARNING, guardTransactionIds, rewindSubscription } from '@hs/eventstore';
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
    } finally {
      await sql.end({ timeout: 5 });
    }
  } else if (command === 'seed') {
    if (!config.demo) {
      console.log('DEMO is off: no demo data');
      return;
    }
    const app = await buildApp({ ...config, rateLimits: { ...config.rateLimits, enabled: false } });
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
  } else {
    console.error('usage: cli.js ensure-db|migrate|seed|rewind <subscription>');
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
