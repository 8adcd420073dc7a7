import type { Sql, TransactionSql } from './connect';

/** Which of the settings autovacuum needs are off on the server; empty when it keeps statistics current. */
export async function autovacuumGaps(sql: Sql | TransactionSql): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    select name from pg_settings where name in ('autovacuum', 'track_counts') and setting <> 'on'
    order by name`;
  return rows.map((r) => r.name);
}

/**
 * What the worker logs when autovacuum cannot run (issue 27). Every statement is prepared, and a
 * prepared statement's plan is made from the table statistics of the moment: without autovacuum's
 * ANALYZE the plans made while the tables were empty stay, sequential scans included, and a booking's
 * cost grows with the tables.
 */
export const AUTOVACUUM_OFF_WARNING =
  'autovacuum is off: table statistics go stale and query plans made for small tables stay; turn it on, or run ANALYZE regularly';
