import { randomBytes } from 'node:crypto';
import type { Sql } from '@hs/db';

/**
 * The order's check-in token (issue 23): 32 random bytes, base64url, made the first time a
 * confirmation shows it. It says nothing about the order (no name, NRIC or reference), so the QR code
 * on a confirmation leaks nothing, and 256 bits cannot be guessed. The api (confirmation page,
 * success screen) and the worker (email, PDF) both call this; racing callers end with the one row.
 */
export async function ensureCheckInToken(sql: Sql, registrationId: number): Promise<string> {
  const [existing] = await sql<{ token: string }[]>`
    select token from check_in_tokens where registration_id = ${registrationId}`;
  if (existing) return existing.token;
  const token = randomBytes(32).toString('base64url');
  const [row] = await sql<{ token: string }[]>`
    insert into check_in_tokens (registration_id, token) values (${registrationId}, ${token})
    on conflict (registration_id) do update set registration_id = excluded.registration_id
    returning token`;
  return row!.token;
}

/** The order a check-in token belongs to; undefined for an unknown token. */
export async function registrationOfCheckInToken(sql: Sql, token: string): Promise<number | undefined> {
  const [row] = await sql<{ registration_id: string }[]>`
    select registration_id from check_in_tokens where token = ${token}`;
  return row ? Number(row.registration_id) : undefined;
}
