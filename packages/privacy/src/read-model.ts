import type { TransactionSql } from '@hs/db';
import { maskIdentificationNumber, personalFieldsOf } from '@hs/domain';
import { subjectOf } from './codec';
import { isPersonalDataConfigured, keyedHash } from './keys';
import { decryptEventData } from './codec';
import { type DataKeys, encryptField, ensureDataKeys, fieldSubject, loadDataKeys } from './store';

/**
 * The fields read models may never hold in clear (issue 24): identification number, date of birth and
 * medical conditions. Names, emails, phones and addresses stay clear there (the back-office shows them).
 */
export const SENSITIVE_FIELDS = new Set(['identificationNumber', 'dateOfBirth', 'medicalConditions']);

type Path = readonly (string | number)[];

function parentOf(root: unknown, path: Path): Record<string | number, unknown> {
  let v = root as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) v = v[k] as Record<string | number, unknown>;
  return v;
}

/**
 * Copies of decoded events' data for a projection to store: each sensitive field re-sealed under its
 * owner's data key (one key query for the batch), and beside each identification number its masked
 * form (`identificationMasked`, for lists) and keyed hash (`identificationHash`, for lookups). A destroyed
 * key leaves ''. Without a configured key ring (unit tests of projections) the data is returned as is.
 */
export async function sealForReadModel<E extends { type: string; data: unknown }>(
  tx: TransactionSql,
  events: readonly E[],
): Promise<E[]> {
  if (!isPersonalDataConfigured()) return [...events];
  const fields = events.map((e) =>
    personalFieldsOf(e.type, e.data).filter((f) => SENSITIVE_FIELDS.has(String(f.path[f.path.length - 1]))),
  );
  if (fields.every((f) => f.length === 0)) return [...events];
  // ensure, not load: an event still in clear (before the migrate step encrypted it) gets its key here.
  const keys: DataKeys = await ensureDataKeys(
    tx,
    fields.flat().map((f) => subjectOf(f.owner)),
  );
  return events.map((e, i) => {
    const list = fields[i] ?? [];
    if (list.length === 0) return e;
    const data = structuredClone(e.data);
    for (const f of list) {
      const parent = parentOf(data, f.path);
      const name = f.path[f.path.length - 1] as string;
      const value = parent[name];
      if (typeof value !== 'string' || fieldSubject(value)) continue;
      const subject = subjectOf(f.owner);
      const key = keys.get(subject);
      if (name === 'identificationNumber') {
        parent.identificationMasked = key ? maskIdentificationNumber(value) : '';
        parent.identificationHash = key && value.trim() !== '' ? keyedHash(value) : null;
      }
      parent[name] = key ? encryptField(key, subject, value) : '';
    }
    return { ...e, data };
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
