import type { Sql } from '@hs/db';

export interface SeedReport {
  seeded: boolean;
  notes: string[];
}

/**
 * Demo data for `npm start`. Runs only on an empty database (no settings yet),
 * so restarting never duplicates or overwrites what a user changed.
 */
export async function seedDemo(sql: Sql): Promise<SeedReport> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from system_settings`;
  if ((row?.count ?? 0) > 0) return { seeded: false, notes: [] };
  const notes: string[] = [];
  await sql.begin(async (tx) => {
    await tx`insert into system_settings (setting_key, setting_value, description, last_updated_by)
      values ('payment_test_mode', 'true', 'Card payments use the test gateway (client token starts test-)', 'seed')`;
    notes.push('payment test mode on');
  });
  return { seeded: true, notes };
}
