import { type PersonalDataOwner, personalFieldsOf } from '@hs/domain';
import type { EventCodec } from '@hs/eventstore';
import {
  boxIndex,
  boxReference,
  type DataKeys,
  decryptField,
  ensureDataKeys,
  fieldSubject,
  isEncryptedField,
  loadDataKeys,
  openBox,
  participantSubject,
  sealBox,
  waitlistSubject,
} from './store';
import { copyAlong, getAt, parentOf, setAt } from './paths';

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
 * Where an event keeps its people's boxes: a top-level property of its data, `{ [subject]: box }`. Decoding
 * removes it, so readers see the data as it was appended.
 */
export const BOX_FIELD = 'pd2';

type Json = Record<string, unknown>;

/** True when the event data carries personal-data boxes (written since issue 27's box format). */
export function hasBoxes(data: unknown): boolean {
  return boxesOf(data) !== undefined;
}

function boxesOf(data: unknown): Record<string, string> | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  const boxes = (data as Json)[BOX_FIELD];
  return boxes !== null && typeof boxes === 'object' ? (boxes as Record<string, string>) : undefined;
}

/**
 * Encrypts the personal fields of events (the domain's field map) with their owners' data keys: each
 * person's values of one event go into one box (issue 27: one cipher per person and event instead of one
 * per field), and each field becomes a reference into it. One person's same value met twice in an event
 * (a booking's contact is also its primary participant) is stored once; a reader learns only that two
 * fields of one person are equal, which the booking's shape already says. A value already in the older
 * per-field envelope stays as it is; an event that already has boxes is returned unchanged.
 */
export async function encryptEventData(
  events: readonly { type: string; data: unknown }[],
  keysFor: (subjects: string[]) => Promise<DataKeys>,
): Promise<unknown[]> {
  const fields = events.map((e) => (boxesOf(e.data) ? [] : personalFieldsOf(e.type, e.data)));
  if (fields.every((f) => f.length === 0)) return events.map((e) => e.data);
  const subjects = [...new Set(fields.flat().map((f) => subjectOf(f.owner)))];
  const keys = await keysFor(subjects);
  return events.map((e, i) => {
    const list = fields[i] as ReturnType<typeof personalFieldsOf>;
    if (list.length === 0) return e.data;
    const data = copyAlong(
      e.data,
      list.map((f) => f.path),
    );
    const values = new Map<string, string[]>();
    const indexOf = new Map<string, number>();
    for (const f of list) {
      const value = getAt(data, f.path);
      if (typeof value !== 'string' || fieldSubject(value)) continue;
      const subject = subjectOf(f.owner);
      // A person already erased: nothing new about them is kept.
      if (!keys.get(subject)) {
        setAt(data, f.path, '');
        continue;
      }
      const memo = `${subject}\u0000${value}`;
      let index = indexOf.get(memo);
      if (index === undefined) {
        let list = values.get(subject);
        if (!list) {
          list = [];
          values.set(subject, list);
        }
        index = list.push(value) - 1;
        indexOf.set(memo, index);
      }
      setAt(data, f.path, boxReference(index));
    }
    if (values.size > 0) {
      const boxes: Record<string, string> = {};
      for (const [subject, list] of values)
        boxes[subject] = sealBox(keys.get(subject) as Buffer, subject, list);
      (data as Json)[BOX_FIELD] = boxes;
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

/**
 * The data keys each boxed event was decoded with (issue 27), by its data object: a read model that seals
 * a boxed field again uses the key the decoder had (no key query), or '' when it was destroyed. Weak, so
 * it lives as long as the decoded events do.
 */
const decodedWith = new WeakMap<object, DataKeys>();

/** The data keys the decoder opened this event data's boxes with; undefined when it had none. */
export function keysDecodedWith(data: object): DataKeys | undefined {
  return decodedWith.get(data);
}

/**
 * Opens the boxes of one decoded event and puts each referenced value back at its field ('' for an
 * erased person). Only the domain's personal-field paths are read: a string in another field that
 * happens to look like a reference is left alone.
 */
function openBoxes(type: string, data: Json, boxes: Record<string, string>, keys: DataKeys): void {
  delete data[BOX_FIELD];
  const opened = new Map<string, string[] | null>();
  for (const subject in boxes) {
    if (Object.hasOwn(boxes, subject)) opened.set(subject, openBox(keys, subject, boxes[subject] as string));
  }
  for (const f of personalFieldsOf(type, data)) {
    const holder = parentOf(data, f.path);
    const name = f.path[f.path.length - 1] as string | number;
    const index = boxIndex(holder[name]);
    if (index === undefined) continue;
    const values = opened.get(subjectOf(f.owner));
    if (values === undefined) continue;
    holder[name] = values === null ? '' : (values[index] ?? '');
  }
  decodedWith.set(data, keys);
}

/** The event codec of issue 24, set by every composition root with setEventCodec. */
export const personalDataCodec: EventCodec = {
  writes: (events) => events.some((e) => personalFieldsOf(e.type, e.data).length > 0),
  encode: (events, db) => encryptEventData(events, (subjects) => ensureDataKeys(db, subjects)),
  decodeFields: [BOX_FIELD],
  async decode(events, db) {
    const boxed = events.flatMap((e) => {
      const boxes = boxesOf(e.data);
      return boxes ? [{ type: e.type, data: e.data as Json, boxes }] : [];
    });
    const boxSubjects = boxed.flatMap((b) => Object.keys(b.boxes));
    // One key query for the batch: the older per-field envelopes' subjects and the boxes' together.
    let keys: DataKeys | undefined;
    await decryptEventData(
      events.map((e) => e.data),
      async (subjects) => {
        keys = await loadDataKeys(db, [...subjects, ...boxSubjects]);
        return keys;
      },
    );
    if (boxed.length === 0) return;
    keys ??= await loadDataKeys(db, boxSubjects);
    for (const b of boxed) openBoxes(b.type, b.data, b.boxes, keys);
  },
};
