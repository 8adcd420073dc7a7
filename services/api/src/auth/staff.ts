import { createHash, randomBytes } from 'node:crypto';
import type { StaffUser } from '@hs/contracts';
import type { Sql, TransactionSql } from '@hs/db';
import { conflict, notFound } from '../errors';
import { getSetting } from '../settings';

type Db = Sql | TransactionSql;

/** Staff setting: users of role admin must enrol a TOTP second factor (issue 23). */
export const TOTP_REQUIRED_FOR_ADMINS = 'staff_totp_required_admin';
/** How long an invite (or password reset) link works. */
export const INVITE_HOURS = 72;

export const totpRequiredForAdmins = async (db: Db): Promise<boolean> =>
  (await getSetting(db, TOTP_REQUIRED_FOR_ADMINS)) === 'true';

const selectStaff = (db: Db, id?: number) => db`
  select id, username, email, role, active, totp_secret is not null as "totpEnabled",
         password_hash is not null as "passwordSet", last_login as "lastLogin", created_at as "createdAt"
  from users ${id === undefined ? db`` : db`where id = ${id}`}
  order by username`;

// biome-ignore lint/suspicious/noExplicitAny: the row shape is StaffUser's
const toStaff = (row: any): StaffUser => ({
  ...row,
  id: Number(row.id),
  lastLogin: row.lastLogin?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export async function listStaff(db: Db): Promise<StaffUser[]> {
  return (await selectStaff(db)).map(toStaff);
}

export async function findStaff(db: Db, id: number): Promise<StaffUser> {
  const [row] = await selectStaff(db, id);
  if (!row) throw notFound('User not found');
  return toStaff(row);
}

const duplicate = (err: unknown) => (err as { code?: string }).code === '23505';

/** A new user without a password: they choose one through their invite link. */
export async function insertStaff(
  db: Db,
  input: { username: string; email: string; role: string },
): Promise<number> {
  // Usernames are unique whatever their case: 'Dora' beside 'dora' would be two staff members the
  // history (actor admin:<username>) and the login form cannot tell apart. The lock (the caller's
  // transaction) makes two creations racing take turns, so the second one sees the first.
  await db`select pg_advisory_xact_lock(hashtext('staff:username'))`;
  const [taken] = await db`select 1 from users where lower(username) = lower(${input.username})`;
  if (taken) throw conflict('A user with this username already exists');
  try {
    const [row] = await db<{ id: number }[]>`
      insert into users (username, email, role, password_hash)
      values (${input.username}, ${input.email}, ${input.role}, null) returning id`;
    return Number(row!.id);
  } catch (err) {
    if (duplicate(err)) throw conflict('A user with this username already exists');
    throw err;
  }
}

/**
 * Active admins other than `exceptId`: the last one can be neither demoted, deactivated nor deleted.
 * Call it inside the change's transaction: the lock makes two admins removing each other at the same
 * time take turns, so the second one counts after the first change committed.
 */
export async function otherActiveAdmins(db: Db, exceptId: number): Promise<number> {
  await db`select pg_advisory_xact_lock(hashtext('staff:last-admin'))`;
  const [row] = await db<{ n: number }[]>`
    select count(*)::int as n from users where role = 'admin' and active and id <> ${exceptId}`;
  return row?.n ?? 0;
}

/**
 * When a password changes, on this process's clock (the one tokens are signed by, not the database
 * server's): the guard refuses tokens signed earlier, so every session from before ends and a token
 * signed after it works.
 */
export const passwordChangedNow = (): Date => new Date();

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * A fresh one-time link for the user; earlier unused links stop working. Only the token's hash is
 * stored, so a database read does not hand out working links.
 */
export async function issueInvite(
  db: Db,
  userId: number,
  actor: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  await db`delete from staff_invites where user_id = ${userId} and used_at is null`;
  const [row] = await db<{ expiresAt: Date }[]>`
    insert into staff_invites (token_hash, user_id, expires_at, created_by)
    values (${sha256(token)}, ${userId}, now() + make_interval(hours => ${INVITE_HOURS}), ${actor})
    returning expires_at as "expiresAt"`;
  return { token, expiresAt: row!.expiresAt };
}

export interface OpenInvite {
  userId: number;
  username: string;
  email: string | null;
}

/** The user an unused, unexpired link is for (of an active user), or null. */
export async function openInvite(db: Db, token: string): Promise<OpenInvite | null> {
  const [row] = await db<{ userId: number; username: string; email: string | null }[]>`
    select u.id as "userId", u.username, u.email
    from staff_invites i join users u on u.id = i.user_id
    where i.token_hash = ${sha256(token)} and i.used_at is null and i.expires_at > now() and u.active`;
  return row ? { ...row, userId: Number(row.userId) } : null;
}

/** Spends the link (once: a second use in a race finds it used) and sets the password hash. */
export async function useInvite(
  tx: TransactionSql,
  token: string,
  passwordHash: string,
): Promise<OpenInvite | null> {
  const [row] = await tx<{ userId: number }[]>`
    update staff_invites set used_at = now()
    where token_hash = ${sha256(token)} and used_at is null and expires_at > now()
    returning user_id as "userId"`;
  if (!row) return null;
  const [user] = await tx<{ username: string; email: string | null }[]>`
    update users set password_hash = ${passwordHash}, password_changed_at = ${passwordChangedNow()}
    where id = ${row.userId} and active returning username, email`;
  return user ? { userId: Number(row.userId), ...user } : null;
}
