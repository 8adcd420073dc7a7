/**
 * The two short-lived things Myinfo needs kept (issue 49; migration 036): a login in flight, found by
 * the login cookie, and a retrieved person, found by its handle. Each is sealed with its own secret
 * (sealed.ts) and used once; rows past their time are deleted whenever a new one is written.
 */
import { deleteExpiredMyinfo } from '@hs/commands';
import type { Sql } from '@hs/db';
import type { MyinfoPerson, SingpassLoginSession } from '@hs/gateways';
import { newSecret, openJson, sealJson, secretId } from './sealed';

/** How long Singpass may take between our redirect and its callback. */
export const LOGIN_TTL_MS = 10 * 60_000;
/** The prefill is read once, within this (the 10 minutes). */
export const PREFILL_TTL_MS = 10 * 60_000;
/** A booking may cite the handle this long after the retrieval: time to fill in the rest of the form. */
export const BOOKING_TTL_MS = 60 * 60_000;

export interface PendingLogin {
  session: SingpassLoginSession;
  /** The path on our site to send the person back to. */
  returnTo: string;
}

/** Keeps a login until its callback; answers the cookie secret that finds and opens it. */
export async function saveLogin(sql: Sql, login: PendingLogin, now = new Date()): Promise<string> {
  await deleteExpiredMyinfo(sql, now);
  const secret = newSecret();
  await sql`
    insert into myinfo_logins (id_hash, sealed, expires_at)
    values (${secretId(secret)}, ${sealJson(secret, 'login', login)}, ${new Date(now.getTime() + LOGIN_TTL_MS)})`;
  return secret;
}

/** The login of this cookie, taken (a replayed callback finds nothing); null when unknown or expired. */
export async function takeLogin(sql: Sql, secret: string, now = new Date()): Promise<PendingLogin | null> {
  const [row] = await sql<{ sealed: string }[]>`
    delete from myinfo_logins where id_hash = ${secretId(secret)} returning sealed, expires_at > ${now} as live`;
  if (!row || !(row as { live?: boolean }).live) return null;
  return openJson<PendingLogin>(secret, 'login', row.sealed);
}

/** Keeps a retrieved person; answers the handle the browser carries back. */
export async function saveHandle(sql: Sql, person: MyinfoPerson, now = new Date()): Promise<string> {
  const handle = newSecret();
  await sql`
    insert into myinfo_handles (id_hash, sealed, read_by, book_by)
    values (${secretId(handle)}, ${sealJson(handle, 'person', person)},
            ${new Date(now.getTime() + PREFILL_TTL_MS)}, ${new Date(now.getTime() + BOOKING_TTL_MS)})`;
  return handle;
}

/** The person for the form, once: null when unknown, expired or read before. */
export async function readPrefill(sql: Sql, handle: string, now = new Date()): Promise<MyinfoPerson | null> {
  const [row] = await sql<{ sealed: string }[]>`
    update myinfo_handles set read_at = ${now}
    where id_hash = ${secretId(handle)} and read_at is null and read_by > ${now}
    returning sealed`;
  return row ? openJson<MyinfoPerson>(handle, 'person', row.sealed) : null;
}

/** The person a booking cites by the handle: null when unknown or past BOOKING_TTL_MS. */
export async function handleIdentity(
  sql: Sql,
  handle: string,
  now = new Date(),
): Promise<MyinfoPerson | null> {
  const [row] = await sql<{ sealed: string }[]>`
    select sealed from myinfo_handles where id_hash = ${secretId(handle)} and book_by > ${now}`;
  return row ? openJson<MyinfoPerson>(handle, 'person', row.sealed) : null;
}

/** Handles a booking has used (issue 49: single use): gone, so a second booking cannot cite them. */
export async function forgetHandles(
  sql: Sql,
  handles: readonly (string | null | undefined)[],
): Promise<void> {
  const ids = handles.filter((h): h is string => !!h).map(secretId);
  if (ids.length > 0) await sql`delete from myinfo_handles where id_hash = any(${ids})`;
}
