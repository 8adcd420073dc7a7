import { connect, ensureDatabase, findMigrationsDir, migrate } from '@hs/db';
import { readCommonConfig, redactUrl } from '@hs/config';
import { seedDemo } from './seed';

/** `node dist/cli.js ensure-db|migrate|seed`: one-shot maintenance commands used by npm start and operators. */
async function main() {
  const [command] = process.argv.slice(2);
  const config = readCommonConfig(process.env);
  if (command === 'ensure-db') {
    const created = await ensureDatabase(config.databaseUrl);
    if (created) console.log(`created database ${new URL(config.databaseUrl).pathname.slice(1)}`);
    return;
  }
  const sql = connect(config.databaseUrl, { max: 2, applicationName: 'cli' });
  try {
    if (command === 'migrate') {
      const result = await migrate(sql, findMigrationsDir());
      console.log(
        `migrations: ${result.applied.length} applied, ${result.skipped.length} already in place (${redactUrl(config.databaseUrl)})`,
      );
    } else if (command === 'seed') {
      const report = await seedDemo(sql);
      console.log(
        report.seeded ? `demo data seeded: ${report.notes.join('; ')}` : 'demo data already present',
      );
    } else {
      console.error('usage: cli.js ensure-db|migrate|seed');
      process.exitCode = 2;
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
