import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Sql } from './connect';

const MIGRATION_LOCK = 727_001; // any constant shared by every runner of this schema

export interface MigrationResult {
  applied: string[];
  skipped: string[];
}

/** Finds the repository's `migrations/` folder by walking up from `start`. */
export function findMigrationsDir(start: string = process.cwd()): string {
  if (process.env.MIGRATIONS_DIR) return resolve(process.env.MIGRATIONS_DIR);
  let dir = resolve(start);
  for (;;) {
    const candidate = join(dir, 'migrations');
    if (existsSync(candidate) && readdirSync(candidate).some((f) => /^\d+_.*\.sql$/.test(f)))
      return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No migrations/ folder found above ${start}; set MIGRATIONS_DIR`);
    dir = parent;
  }
}

export function listMigrations(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b));
}

/**
 * Applies every migration not yet recorded, in order, each in its own
 * transaction together with its schema_migrations row. A session advisory
 * lock serialises concurrent runners (several processes starting at once),
 * so no file runs twice.
 */
export async function migrate(sql: Sql, dir: string = findMigrationsDir()): Promise<MigrationResult> {
  const files = listMigrations(dir);
  const result: MigrationResult = { applied: [], skipped: [] };
  const conn = await sql.reserve();
  try {
    await conn`select pg_advisory_lock(${MIGRATION_LOCK})`;
    try {
      await conn`create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`;
      const done = new Set(
        (await conn<{ name: string }[]>`select name from schema_migrations`).map((r) => r.name),
      );
      for (const file of files) {
        if (done.has(file)) {
          result.skipped.push(file);
          continue;
        }
        await conn.unsafe('begin');
        try {
          await conn.unsafe(readFileSync(join(dir, file), 'utf8'));
          await conn`insert into schema_migrations (name) values (${file})`;
          await conn.unsafe('commit');
        } catch (err) {
          await conn.unsafe('rollback');
          throw new Error(`Migration ${file} failed: ${(err as Error).message}`, { cause: err });
        }
        result.applied.push(file);
      }
    } finally {
      await conn`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    }
  } finally {
    conn.release();
  }
  return result;
}
