import { randomBytesPooled, storableText } from '@hs/domain';
import type { Sql, TransactionSql } from '@hs/db';
import { keyRing, open, seal, unwrapDataKey, wrapDataKey } from './keys';

type Db = Sql | TransactionSql;

/** The data-key subject of one participant of an order (the primary contact uses the primary participant's). */
export function participantSubject(participantId: string): string {
  return `participant-${participantId}`;
}

/** The data-key subject of one waiting-list entry. */
export function waitlistSubject(entryId: string | number): string {
  return `waitlist-${entryId}`;
}

/** Unwrapped data keys of one batch; null = destroyed or never created (its fields read as ''). */
export type DataKeys = Map<string, Buffer | null>;

/**
 * Crypto-shredding: forgets the data keys of these subjects, so every encrypted copy of their fields (the
 * event log, backups of it) reads as ''. Returns how many were destroyed now (already destroyed ones and
 * unknown subjects count 0, so it is idempotent).
 */
export async function destroyDataKeys(sql: Db, subjectIds: readonly string[]): Promise<number> {
  if (subjectIds.length === 0) return 0;
  const rows = await sql`
    update personal_data_keys set wrapped_key = null, destroyed_at = now()
    where subject_id = any(${[...subjectIds]}::text[]) and wrapped_key is not null
    returning subject_id`;
  return rows.length;
}

/** One query for a whole decode batch; never cached, so an erasure takes effect in every process at once. */
export async function loadDataKeys(sql: Db, subjectIds: Iterable<string>): Promise<DataKeys> {
  const ids = [...new Set(subjectIds)];
  const keys: DataKeys = new Map(ids.map((id) => [id, null]));
  if (ids.length === 0) return keys;
  const rows = await sql<{ subject_id: string; master_key_id: string; wrapped_key: Buffer | null }[]>`
    select subject_id, master_key_id, wrapped_key from personal_data_keys
    where subject_id = any(${ids}::text[])`;
  for (const r of rows) {
    keys.set(
      r.subject_id,
      r.wrapped_key ? unwrapDataKey(r.wrapped_key, r.subject_id, r.master_key_id) : null,
    );
  }
  return keys;
}

/**
 * The data keys of these subjects, creating the missing ones in the caller's transaction (the append's),
 * in one statement: new rows are inserted, existing ones read back. A destroyed subject stays destroyed
 * (null): nothing new is encrypted for a person who was erased.
 */
export async function ensureDataKeys(tx: Db, subjectIds: Iterable<string>): Promise<DataKeys> {
  const ids = [...new Set(subjectIds)];
  const keys: DataKeys = new Map();
  if (ids.length === 0) return keys;
  const master = keyRing().current;
  const fresh = ids.map(() => Buffer.from(randomBytesPooled(32)));
  const wrapped = ids.map((id, i) => wrapDataKey(fresh[i] as Buffer, id, master).toString('base64'));
  const rows = await tx<
    {
      subject_id: string;
      inserted: boolean;
      master_key_id: string | null;
      wrapped_key: Buffer | null;
      found: boolean;
    }[]
  >`
    with fresh as (
      select * from unnest(${ids}::text[], ${wrapped}::text[]) as f(subject_id, wrapped)
    ), ins as (
      insert into personal_data_keys (subject_id, master_key_id, wrapped_key)
      select subject_id, ${master.id}, decode(wrapped, 'base64') from fresh
      on conflict (subject_id) do nothing
      returning subject_id
    )
    select f.subject_id, (i.subject_id is not null) as inserted, k.master_key_id, k.wrapped_key,
           (k.subject_id is not null) as found
    from fresh f
    left join ins i on i.subject_id = f.subject_id
    left join personal_data_keys k on k.subject_id = f.subject_id`;
  const raced: string[] = [];
  rows.forEach((r) => {
    const i = ids.indexOf(r.subject_id);
    if (r.inserted) keys.set(r.subject_id, fresh[i] as Buffer);
    else if (r.found) {
      keys.set(
        r.subject_id,
        r.wrapped_key && r.master_key_id ? unwrapDataKey(r.wrapped_key, r.subject_id, r.master_key_id) : null,
      );
    } else raced.push(r.subject_id); // inserted by a concurrent transaction after this statement's snapshot
  });
  if (raced.length > 0) for (const [id, key] of await loadDataKeys(tx, raced)) keys.set(id, key);
  return keys;
}

const PREFIX = 'pd1.';

/** True for a value in the `pd1.<subject>.<box>` envelope. */
export function isEncryptedField(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX) && value.lastIndexOf('.') > PREFIX.length;
}

/** The subject whose data key opens this envelope, or undefined for a clear value. */
export function fieldSubject(value: unknown): string | undefined {
  if (!isEncryptedField(value)) return undefined;
  return value.slice(PREFIX.length, value.lastIndexOf('.'));
}

/** `pd1.<subject>.<base64url(iv|ciphertext|tag)>`, AES-256-GCM under the subject's data key, AAD = subject. */
export function encryptField(key: Buffer, subjectId: string, value: string): string {
  return `${PREFIX}${subjectId}.${seal(key, Buffer.from(value, 'utf8'), subjectId).toString('base64url')}`;
}

/**
 * The clear value of an envelope; '' when its subject's key is destroyed or missing (an erased person).
 * A clear value passes through (logs written before the data migration). A tampered box throws.
 * What comes out is storableText: a box sealed before the api cleaned its input may hold a NUL, which no
 * read model, email or PDF can take (issue 43).
 */
export function decryptField(keys: DataKeys, value: string): string {
  if (!isEncryptedField(value)) return storableText(value);
  const dot = value.lastIndexOf('.');
  const subject = value.slice(PREFIX.length, dot);
  const key = keys.get(subject);
  if (!key) return '';
  return storableText(open(key, Buffer.from(value.slice(dot + 1), 'base64url'), subject).toString('utf8'));
}

/**
 * The log's per-person box (issue 27): one person's personal values of one event, as a JSON array, sealed
 * once (AES-256-GCM under the subject's data key, AAD `pd2.<subject>`), instead of one envelope per field.
 * The event's fields hold references into it (`pd2.<index>`); see codec.ts.
 */
export function sealBox(key: Buffer, subjectId: string, values: readonly string[]): string {
  return seal(key, Buffer.from(JSON.stringify(values), 'utf8'), `${BOX_PREFIX}${subjectId}`).toString(
    'base64url',
  );
}

/**
 * The values of a box, each storableText (see decryptField); null when its subject's key is destroyed or
 * missing (an erased person). Tampering throws.
 */
export function openBox(keys: DataKeys, subjectId: string, box: string): string[] | null {
  const key = keys.get(subjectId);
  if (!key) return null;
  const values: unknown = JSON.parse(
    open(key, Buffer.from(box, 'base64url'), `${BOX_PREFIX}${subjectId}`).toString('utf8'),
  );
  if (!Array.isArray(values) || !values.every((v) => typeof v === 'string')) {
    throw new Error('personal data box is not a list of strings');
  }
  return values.map(storableText);
}

/** A field's reference into its owner's box of the same event: `pd2.<index>`. */
export const BOX_PREFIX = 'pd2.';

export function boxReference(index: number): string {
  return `${BOX_PREFIX}${index}`;
}

/** The index a box reference points at, or undefined for any other value. */
export function boxIndex(value: unknown): number | undefined {
  if (typeof value !== 'string' || !value.startsWith(BOX_PREFIX)) return undefined;
  const rest = value.slice(BOX_PREFIX.length);
  return /^\d{1,4}$/.test(rest) ? Number(rest) : undefined;
}

/** Decrypts a few stored envelopes (read-model columns) with one key query. */
export async function decryptFields<T extends readonly (string | null | undefined)[]>(
  sql: Db,
  values: T,
): Promise<{ [K in keyof T]: T[K] extends string ? string : T[K] }> {
  const subjects = values.map(fieldSubject).filter((s): s is string => s !== undefined);
  const keys = subjects.length > 0 ? await loadDataKeys(sql, subjects) : new Map();
  return values.map((v) => (typeof v === 'string' ? decryptField(keys, v) : v)) as never;
}

export interface RewrapResult {
  rewrapped: number;
  alreadyCurrent: number;
  destroyed: number;
}

/**
 * Key rotation: re-wraps every live data key still under an older master key with the current one, in
 * batches of one transaction each. The events are not touched (their fields are under the data keys).
 */
export async function rewrapDataKeys(sql: Sql, batchSize = 500): Promise<RewrapResult> {
  const current = keyRing().current;
  let rewrapped = 0;
  for (;;) {
    const n = await sql.begin(async (tx) => {
      const rows = await tx<{ subject_id: string; master_key_id: string; wrapped_key: Buffer }[]>`
        select subject_id, master_key_id, wrapped_key from personal_data_keys
        where wrapped_key is not null and master_key_id <> ${current.id}
        order by subject_id limit ${batchSize} for update skip locked`;
      if (rows.length === 0) return 0;
      const ids = rows.map((r) => r.subject_id);
      const wrapped = rows.map((r) =>
        wrapDataKey(
          unwrapDataKey(r.wrapped_key, r.subject_id, r.master_key_id),
          r.subject_id,
          current,
        ).toString('base64'),
      );
      await tx`
        update personal_data_keys k set wrapped_key = decode(u.wrapped, 'base64'), master_key_id = ${current.id}
        from unnest(${ids}::text[], ${wrapped}::text[]) as u(subject_id, wrapped)
        where k.subject_id = u.subject_id`;
      return rows.length;
    });
    rewrapped += n;
    if (n < batchSize) break;
  }
  const [counts] = await sql<{ current: string; destroyed: string }[]>`
    select count(*) filter (where wrapped_key is not null) as current,
           count(*) filter (where wrapped_key is null) as destroyed
    from personal_data_keys`;
  return {
    rewrapped,
    alreadyCurrent: Number(counts?.current ?? 0) - rewrapped,
    destroyed: Number(counts?.destroyed ?? 0),
  };
}
