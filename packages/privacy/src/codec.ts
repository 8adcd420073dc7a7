import { type PersonalDataOwner, personalFieldsOf } from '@hs/domain';
import type { EventCodec } from '@hs/eventstore';
import {
  type DataKeys,
  decryptField,
  encryptField,
  ensureDataKeys,
  fieldSubject,
  isEncryptedField,
  loadDataKeys,
  participantSubject,
  waitlistSubject,
} from './store';
import { copyAlong, getAt, setAt } from './paths';

export function subjectOf(owner: PersonalDataOwner): string {
  return owner.kind === 'participant' ? participantSubject(owner.id) : waitlistSubject(owner.id);
}

/** Every `pd1.` string in a JSON value, with a setter to replace it. */
function collectEnvelopes(
  value: unknown,
  out: { holder: Record<string | number, unknown>; key: string | number }[],
) {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      if (typeof v === 'string') {
        if (isEncryptedField(v)) out.push({ holder: value as unknown as Record<number, unknown>, key: i });
      } else if (v && typeof v === 'object') collectEnvelopes(v, out);
    });
  } else if (value && typeof value === 'object') {
    // for...in, not Object.entries: no array of pairs per object of every event read (issue 27)
    const holder = value as Record<string, unknown>;
    for (const k in holder) {
      if (!Object.hasOwn(holder, k)) continue;
      const v = holder[k];
      if (typeof v === 'string') {
        if (isEncryptedField(v)) out.push({ holder, key: k });
      } else if (v && typeof v === 'object') collectEnvelopes(v, out);
    }
  }
}

/**
 * Encrypts the personal fields of events (the domain's field map) with their owners' data keys. One
 * owner's same value met again in the call (a booking's contact is also its primary participant) gets
 * the same envelope, sealed once (issue 27): a reader learns only that two fields of one person are
 * equal, which the booking's shape already says.
 */
export async function encryptEventData(
  events: readonly { type: string; data: unknown }[],
  keysFor: (subjects: string[]) => Promise<DataKeys>,
): Promise<unknown[]> {
  const fields = events.map((e) => personalFieldsOf(e.type, e.data));
  if (fields.every((f) => f.length === 0)) return events.map((e) => e.data);
  const subjects = [...new Set(fields.flat().map((f) => subjectOf(f.owner)))];
  const keys = await keysFor(subjects);
  const sealed = new Map<string, string>();
  return events.map((e, i) => {
    const list = fields[i] as ReturnType<typeof personalFieldsOf>;
    if (list.length === 0) return e.data;
    const data = copyAlong(
      e.data,
      list.map((f) => f.path),
    );
    for (const f of list) {
      const value = getAt(data, f.path);
      if (typeof value !== 'string' || fieldSubject(value)) continue;
      const subject = subjectOf(f.owner);
      const key = keys.get(subject);
      // A person already erased: nothing new about them is kept.
      if (!key) {
        setAt(data, f.path, '');
        continue;
      }
      const memo = `${subject}\u0000${value}`;
      let envelope = sealed.get(memo);
      if (envelope === undefined) {
        envelope = encryptField(key, subject, value);
        sealed.set(memo, envelope);
      }
      setAt(data, f.path, envelope);
    }
    return data;
  });
}

/** An envelope decryptEventData replaced by its clear value. */
export interface OpenedEnvelope {
  envelope: string;
  /** What the envelope opened to ('' when erased). */
  clear: string;
  /** True when its subject's key was destroyed or missing at decode time. */
  erased: boolean;
}

/**
 * The envelopes decoded values came from, per holder object and field (issue 27): a read model stores
 * the log's envelope again instead of sealing the clear value anew. Weak, so it lives as long as the
 * decoded events do.
 */
const opened = new WeakMap<object, Map<string, OpenedEnvelope>>();

/**
 * The envelope `holder[key]` was decoded from, while it still holds that clear value; undefined for a
 * value that was clear in the log, was not decoded by decryptEventData, or has been changed since.
 */
export function envelopeOf(holder: object, key: string | number): OpenedEnvelope | undefined {
  const found = opened.get(holder)?.get(String(key));
  return found && (holder as Record<string | number, unknown>)[key] === found.clear ? found : undefined;
}

/** Decrypts every envelope in the events' data in place; returns false when there was none (no key query). */
export async function decryptEventData(
  datas: readonly unknown[],
  keysFor: (subjects: string[]) => Promise<DataKeys>,
): Promise<boolean> {
  const found: { holder: Record<string | number, unknown>; key: string | number }[] = [];
  for (const d of datas) collectEnvelopes(d, found);
  if (found.length === 0) return false;
  const subjects = [...new Set(found.map((f) => fieldSubject(f.holder[f.key]) as string))];
  const keys = await keysFor(subjects);
  // One envelope met twice (see encryptEventData) is opened once; its record is shared (never changed).
  const openedOnce = new Map<string, OpenedEnvelope>();
  for (const f of found) {
    const envelope = f.holder[f.key] as string;
    let record = openedOnce.get(envelope);
    if (record === undefined) {
      record = {
        envelope,
        clear: decryptField(keys, envelope),
        erased: !keys.get(fieldSubject(envelope) as string),
      };
      openedOnce.set(envelope, record);
    }
    f.holder[f.key] = record.clear;
    let fields = opened.get(f.holder);
    if (!fields) {
      fields = new Map();
      opened.set(f.holder, fields);
    }
    fields.set(String(f.key), record);
  }
  return true;
}

/** The event codec of issue 24, set by every composition root with setEventCodec. */
export const personalDataCodec: EventCodec = {
  writes: (events) => events.some((e) => personalFieldsOf(e.type, e.data).length > 0),
  encode: (events, db) => encryptEventData(events, (subjects) => ensureDataKeys(db, subjects)),
  async decode(events, db) {
    await decryptEventData(
      events.map((e) => e.data),
      (subjects) => loadDataKeys(db, subjects),
    );
  },
};
