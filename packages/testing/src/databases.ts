import { randomBytes } from 'node:crypto';
import { connect, type Sql } from '@hs/db';

/** Replaces the database name in a Postgres URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export function randomName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const admin = connect(adminUrl, { max: 1, applicationName: 'test-harness' });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        if (template) await admin.unsafe(`create database "${name}" template "${template}"`);
        else await admin.unsafe(`create database "${name}"`);
        return;
      } catch (err) {
        // Two copies of one template at the same instant can collide; a short retry settles it.
        if (attempt < 10 && /being accessed by other users/.test((err as Error).message)) {
          await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
          continue;
        }
        throw err;
      }
    }
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = connect(adminUrl, { max: 1, applicationName: 'test-harness' });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

export async function dropDatabasesLike(adminUrl: string, prefix: string): Promise<void> {
  const admin = connect(adminUrl, { max: 1, applicationName: 'test-harness' });
  try {
    const rows = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like ${`${prefix}%`}`;
    for (const { datname } of rows) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.end();
  }
}

export type { Sql };
