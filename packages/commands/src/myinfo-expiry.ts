import type { Sql } from '@hs/db';

/**
 * Myinfo's short-lived rows past their time (issue 49, migration 036): logins Singpass never came back
 * from and retrieved people no booking may cite any more. Sealed as they are, they are still deleted:
 * by the api whenever it writes a new one, and by the worker's retention sweep when nobody uses Myinfo.
 */
export async function deleteExpiredMyinfo(sql: Sql, now: Date): Promise<number> {
  const logins = await sql`delete from myinfo_logins where expires_at < ${now}`;
  const handles = await sql`delete from myinfo_handles where book_by < ${now}`;
  return logins.count + handles.count;
}
