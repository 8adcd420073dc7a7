import type { Sql } from '@hs/db';
import { hashPassword } from './password';

export interface NewUser {
  username: string;
  password: string;
  email?: string | null;
  role?: string;
}

export async function createUser(sql: Sql, user: NewUser): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into users (username, password_hash, email, role)
    values (${user.username}, ${await hashPassword(user.password)}, ${user.email ?? null}, ${user.role ?? 'admin'})
    returning id`;
  return row!.id;
}

/** The first admin comes from ADMIN_USERNAME / ADMIN_PASSWORD when no user exists yet. */
export async function ensureFirstAdmin(
  sql: Sql,
  admin: { username: string | undefined; password: string | undefined },
): Promise<boolean> {
  if (!admin.username || !admin.password) return false;
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from users`;
  if ((row?.count ?? 0) > 0) return false;
  await createUser(sql, { username: admin.username, password: admin.password });
  return true;
}
