import type { Sql } from '@hs/db';

/**
 * A corporate programme's short-lived rows past their time (issue 51, migration 037): employees'
 * passes, one-time codes (a day after they ran out: the per-address limit counts the last 15
 * minutes) and HR's report links. Deleted by the api whenever it writes a new one, and by the
 * worker's retention sweep.
 */
export async function deleteExpiredProgrammeAccess(sql: Sql, now: Date): Promise<number> {
  const passes = await sql`delete from programme_passes where expires_at < ${now}`;
  const codes =
    await sql`delete from programme_codes where expires_at < ${now}::timestamptz - interval '1 day'`;
  const links = await sql`delete from programme_report_links where expires_at < ${now}`;
  return passes.count + codes.count + links.count;
}
