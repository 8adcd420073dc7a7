import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, dropDatabase, randomName, withDatabase } from '@hs/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, migrate } from '../src';

const adminUrl = () => process.env.HS_TEST_ADMIN_URL!;

describe('migrate', () => {
  const created: string[] = [];
  afterEach(async () => {
    for (const name of created.splice(0)) await dropDatabase(adminUrl(), name);
  });

  async function emptyDatabase() {
    const name = randomName(process.env.HS_TEST_RUN_ID!);
    await createDatabase(adminUrl(), name);
    created.push(name);
    return withDatabase(adminUrl(), name);
  }

  function migrationsDir(files: Record<string, string>) {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
    return dir;
  }

  it('applies each file once, in numeric order, even with two runners at once', async () => {
    const url = await emptyDatabase();
    const dir = migrationsDir({
      '1_a.sql': 'create table t (n int); insert into t values (1);',
      '2_b.sql': 'insert into t values (2);',
      '10_c.sql': 'insert into t values (10);',
    });
    const a = connect(url, { max: 2 });
    const b = connect(url, { max: 2 });
    try {
      const [ra, rb] = await Promise.all([migrate(a, dir), migrate(b, dir)]);
      expect([...ra.applied, ...rb.applied].sort()).toEqual(['10_c.sql', '1_a.sql', '2_b.sql']);
      const rows = await a<{ n: number }[]>`select n from t order by n`;
      expect(rows.map((r) => r.n)).toEqual([1, 2, 10]);
      const again = await migrate(a, dir);
      expect(again.applied).toEqual([]);
      expect(again.skipped).toHaveLength(3);
    } finally {
      await a.end();
      await b.end();
    }
  });

  it('rolls back a failing file and records nothing for it', async () => {
    const url = await emptyDatabase();
    const dir = migrationsDir({
      '1_ok.sql': 'create table t (n int);',
      '2_bad.sql': 'insert into t values (1); select * from no_such_table;',
    });
    const sql = connect(url, { max: 1 });
    try {
      await expect(migrate(sql, dir)).rejects.toThrow(/2_bad.sql failed/);
      expect(await sql`select n from t`).toHaveLength(0);
      const names = (await sql<{ name: string }[]>`select name from schema_migrations`).map((r) => r.name);
      expect(names).toEqual(['1_ok.sql']);
    } finally {
      await sql.end();
    }
  });

  it('applies the repository migrations to the template', async () => {
    const { testDatabase } = await import('@hs/testing');
    const db = await testDatabase();
    try {
      const rows = await db.sql`select name from schema_migrations`;
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await db.drop();
    }
  });
});
