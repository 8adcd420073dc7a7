import type { TransactionSql } from '@hs/db';
import { maskIdentificationNumber, personalFieldsOf } from '@hs/domain';
import { decryptEventData, envelopeOf, keysDecodedWith, subjectOf } from './codec';
import { isPersonalDataConfigured, keyedHash } from './keys';
import { copyAlong, getAt, parentOf } from './paths';
import { type DataKeys, encryptField, ensureDataKeys, fieldSubject, loadDataKeys } from './store';

/**
 * The fields read models may never hold in clear (issue 24): identification number, date of birth and
 * medical conditions. Names, emails, phones and addresses stay clear there (the back-office shows them).
 */
export const SENSITIVE_FIELDS: ReadonlySet<string> = new Set([
  'identificationNumber',
  'dateOfBirth',
  'medicalConditions',
]);

/**
 * Copies of decoded events' data for a projection to store: each sensitive field sealed under its
 * owner's data key, and beside each identification number its masked form (`identificationMasked`, for
 * lists) and keyed hash (`identificationHash`, for lookups). A field decoded from an older per-field
 * envelope of its owner gets that envelope back (no key query, no cipher); a field opened from its
 * owner's box is sealed in its own envelope under the key the decoder used (no key query); only fields
 * clear in the log (before the migrate step encrypted them) are sealed with one key query for the batch.
 * A destroyed key leaves ''. Without a configured key ring (unit tests of projections) the data is returned as is.
 */
export async function sealForReadModel<E extends { type: string; data: unknown }>(
  tx: TransactionSql,
  events: readonly E[],
): Promise<E[]> {
  if (!isPersonalDataConfigured()) return [...events];
  const todo = events.filter((e) => isObject(e.data) && !sealedCopies.has(e.data));
  if (todo.length > 0) {
    const sealing = sealData(tx, todo);
    todo.forEach((e, i) => {
      sealedCopies.set(
        e.data as object,
        sealing.then((sealed) => sealed[i]),
      );
    });
  }
  const datas = await Promise.all(
    events.map((e) => (isObject(e.data) ? (sealedCopies.get(e.data) as Promise<unknown>) : e.data)),
  );
  return events.map((e, i) => (datas[i] === e.data ? e : { ...e, data: datas[i] }));
}

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;

/**
 * The sealed copy made of each decoded event's data: the members of a projection group are handed the
 * same decoded events in one batch, and each that stores sensitive fields seals them once (issue 27). A
 * promise, because the members start together: the second asks while the first is still sealing. Weak,
 * so it lives as long as the decoded events do; nothing changes decoded events after they are read.
 */
const sealedCopies = new WeakMap<object, Promise<unknown>>();

/** sealForReadModel's work: the sealed copies of the events' data (the data itself when nothing is sensitive). */
async function sealData(
  tx: TransactionSql,
  events: readonly { type: string; data: unknown }[],
): Promise<unknown[]> {
  const fields = events.map((e) => personalFieldsOf(e.type, e.data, SENSITIVE_FIELDS));
  if (fields.every((f) => f.length === 0)) return events.map((e) => e.data);
  // Looked up in the decoded data itself: the envelopes are remembered per holder object, not per copy.
  const envelopes = events.map((e, i) =>
    (fields[i] ?? []).map((f) => {
      const found = envelopeOf(parentOf(e.data, f.path), f.path[f.path.length - 1] as string);
      return found && fieldSubject(found.envelope) === subjectOf(f.owner) ? found : undefined;
    }),
  );
  // A field opened from a box is sealed under the key its box was opened with (no key query).
  const decodedKeys = events.map((e) => (isObject(e.data) ? keysDecodedWith(e.data) : undefined));
  const clear = fields.flatMap((list, i) =>
    list.filter((f, j) => {
      const value = getAt(events[i]?.data, f.path);
      return (
        !envelopes[i]?.[j] &&
        !decodedKeys[i]?.has(subjectOf(f.owner)) &&
        typeof value === 'string' &&
        !fieldSubject(value)
      );
    }),
  );
  // ensure, not load: an event still in clear (before the migrate step encrypted it) gets its key here.
  const keys: DataKeys =
    clear.length > 0
      ? await ensureDataKeys(
          tx,
          clear.map((f) => subjectOf(f.owner)),
        )
      : new Map();
  // One person's same value (the contact's number is also the primary participant's) sealed once.
  const sealed = new Map<string, string>();
  return events.map((e, i) => {
    const list = fields[i] ?? [];
    if (list.length === 0) return e.data;
    const data = copyAlong(
      e.data,
      list.map((f) => f.path),
    );
    list.forEach((f, j) => {
      const parent = parentOf(data, f.path);
      const name = f.path[f.path.length - 1] as string;
      const value = parent[name];
      if (typeof value !== 'string' || fieldSubject(value)) return;
      const envelope = envelopes[i]?.[j];
      const subject = subjectOf(f.owner);
      const fromBox = decodedKeys[i];
      const key = envelope ? null : fromBox?.has(subject) ? fromBox.get(subject) : keys.get(subject);
      const live = envelope ? !envelope.erased : Boolean(key);
      if (name === 'identificationNumber') {
        parent.identificationMasked = live ? maskIdentificationNumber(value) : '';
        parent.identificationHash = live && value.trim() !== '' ? keyedHash(value) : null;
      }
      if (!live) parent[name] = '';
      else if (envelope) parent[name] = envelope.envelope;
      else {
        const memo = `${subject}\u0000${value}`;
        let fresh = sealed.get(memo);
        if (fresh === undefined) {
          fresh = encryptField(key as Buffer, subject, value);
          sealed.set(memo, fresh);
        }
        parent[name] = fresh;
      }
    });
    return data;
  });
}

/** Drops the lookup helpers (masked form and hash beside each identification number) at any depth. */
function dropLookups(value: unknown): void {
  if (Array.isArray(value)) for (const v of value) dropLookups(v);
  else if (value && typeof value === 'object' && !(value instanceof Date)) {
    const o = value as Record<string, unknown>;
    delete o.identificationMasked;
    delete o.identificationHash;
    for (const v of Object.values(o)) dropLookups(v);
  }
}

/**
 * Decrypts every sealed field of read-model rows in place, with one key query, and drops the lookup
 * helpers, so what the api serves is what it served before encryption at rest.
 */
export async function openReadModelRows<T>(sql: Parameters<typeof loadDataKeys>[0], rows: T[]): Promise<T[]> {
  await decryptEventData(rows, (subjects) => loadDataKeys(sql, subjects));
  dropLookups(rows);
  return rows;
}
