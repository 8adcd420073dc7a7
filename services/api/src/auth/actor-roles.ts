import type { Sql } from '@hs/db';

/**
 * The staff role of each `admin:<username>` actor among `actors` (issue 45: history and audit name
 * the role, "Front desk amy"), as the staff list holds it now; other actors and removed users are absent.
 */
export async function actorRoles(sql: Sql, actors: readonly string[]): Promise<Map<string, string>> {
  const usernames = [...new Set(actors.filter((a) => a.startsWith('admin:')).map((a) => a.slice(6)))];
  if (usernames.length === 0) return new Map();
  const rows = await sql<{ username: string; role: string }[]>`
    select username, role from users where username = any(${usernames}::text[])`;
  return new Map(rows.map((r) => [`admin:${r.username}`, r.role]));
}
