/**
 * Retention (issue 24): personal data is kept for a set number of days after the appointment, then
 * erased by the worker (reason 'retention', actor system). Staff may set the number of days on the
 * back-office; until they do, PERSONAL_DATA_RETENTION_DAYS decides.
 */
import type { Sql, TransactionSql } from '@hs/db';
import { addDaysToDay, singaporeToday } from '@hs/domain';
import { erasePersonalData } from './erase-personal-data';

export const RETENTION_DAYS_SETTING = 'personal_data_retention_days';

/** The back-office setting when staff set one, else `fallback` (the environment's default). */
export async function readRetentionDays(db: Sql | TransactionSql, fallback: number): Promise<number> {
  const [row] = await db<{ value: string }[]>`
    select setting_value as value from system_settings where setting_key = ${RETENTION_DAYS_SETTING}`;
  const stored = row ? Number.parseInt(row.value, 10) : Number.NaN;
  return Number.isSafeInteger(stored) ? stored : fallback;
}

/**
 * Erases every order whose appointment (Singapore day) is more than `retentionDays` days before
 * today and whose personal data is still held; returns the ids erased now. Two workers sweeping at
 * once are safe: the decider erases once and the expected version makes the second decide again.
 */
export async function eraseDueRetention(
  sql: Sql,
  clock: () => Date,
  opts: { retentionDays: number; actor?: string; limit?: number },
): Promise<number[]> {
  const now = clock();
  const cutoff = addDaysToDay(singaporeToday(now), -opts.retentionDays);
  const due = await sql<{ id: string }[]>`
    select registration_id as id from orders
    where personal_data_erased_at is null and timeslot_date < ${cutoff}::date
    order by timeslot_date, registration_id
    limit ${opts.limit ?? 500}`;
  const erased: number[] = [];
  for (const { id } of due) {
    const { erasedNow } = await erasePersonalData(
      sql,
      Number(id),
      { actor: opts.actor ?? 'system', username: 'system' },
      'retention',
      now.toISOString(),
    );
    if (erasedNow) erased.push(Number(id));
  }
  return erased;
}
