import type { TransactionSql } from '@hs/db';
import { maskIdentificationNumber, personalFieldsOf } from '@hs/domain';
import { append, type RecordedEvent, readStream, setEventCodec } from '@hs/eventstore';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configurePersonalData,
  destroyDataKeys,
  encryptField,
  ensureDataKeys,
  fieldSubject,
  generateKeyBase64,
  keyedHash,
  keyRingFromEnv,
  openReadModelRows,
  participantSubject,
  personalDataCodec,
  sealForReadModel,
  subjectOf,
} from '../src/index';

type Data = {
  contact: Record<string, unknown>;
  participants: Record<string, unknown>[];
  pd2?: unknown;
};

function booked(n: number): { type: string; data: Data } {
  const person = (id: string, isPrimary: boolean) => ({
    participantId: id,
    isPrimary,
    firstName: `First ${id}`,
    lastName: 'Tan',
    identificationNumber: `S00000${n}${isPrimary ? 'A' : 'B'}`,
    dateOfBirth: '1980-01-02',
    email: `${id}@example.com`,
  });
  return {
    type: 'RegistrationBooked',
    data: {
      contact: {
        firstName: 'Contact',
        lastName: 'Tan',
        email: `c${n}@example.com`,
        identificationNumber: `S00000${n}C`,
        dateOfBirth: '1975-05-06',
        // Empty for even n: an empty value is sealed too, and must not read as an erased person's.
        medicalConditions: n % 2 ? 'Asthma' : '',
      },
      participants: [person(`rm${n}a`, true), person(`rm${n}b`, false)],
    },
  };
}

/** Where the sensitive fields of a booked(n) event are, by their holders. */
function holders(d: Data): Record<string, unknown>[] {
  return [d.contact, ...d.participants];
}

const SENSITIVE = ['identificationNumber', 'dateOfBirth', 'medicalConditions'] as const;

describe('sealForReadModel', () => {
  let db: TestDatabase;
  let seq = 0;

  beforeAll(async () => {
    db = await testDatabase();
    configurePersonalData(
      keyRingFromEnv({ PERSONAL_DATA_KEY: generateKeyBase64(), PERSONAL_DATA_HASH_KEY: generateKeyBase64() }),
    );
  });
  afterAll(async () => {
    setEventCodec(null);
    await db?.sql.end({ timeout: 5 });
    await db?.drop();
  });

  /** Appends booked(n) (encrypted, or clear as before the data migration); returns the stored and the decoded event. */
  async function logged(n: number, encrypted = true) {
    const stream = `registration-${n}`;
    setEventCodec(encrypted ? personalDataCodec : null);
    await append(
      db.sql,
      { streamId: stream, expectedVersion: 'any', events: [booked(n)] },
      { actor: 'admin:test' },
    );
    setEventCodec(personalDataCodec);
    const [row] = await db.sql<{ data: Data }[]>`select data from events where stream_id = ${stream}`;
    const [decoded] = (await readStream<Data>(db.sql, stream)) as [RecordedEvent<Data>];
    return { stored: row!.data, decoded };
  }

  /**
   * Appends booked(n) as the log held it before the per-person boxes (issue 27): each personal field in
   * its own `pd1.` envelope. Such events stay in the log and are still read.
   */
  async function loggedFieldEnvelopes(n: number) {
    const stream = `registration-${n}`;
    const event = booked(n);
    const fields = personalFieldsOf(event.type, event.data);
    const keys = await ensureDataKeys(
      db.sql,
      fields.map((f) => subjectOf(f.owner)),
    );
    const data = structuredClone(event.data) as unknown as Record<string | number, Record<string, unknown>>;
    for (const f of fields) {
      let holder: Record<string | number, unknown> = data;
      for (const k of f.path.slice(0, -1)) holder = holder[k] as Record<string | number, unknown>;
      const name = f.path[f.path.length - 1] as string;
      const subject = subjectOf(f.owner);
      holder[name] = encryptField(keys.get(subject) as Buffer, subject, holder[name] as string);
    }
    setEventCodec(null);
    await append(
      db.sql,
      { streamId: stream, expectedVersion: 'any', events: [{ type: event.type, data }] },
      { actor: 'admin:test' },
    );
    setEventCodec(personalDataCodec);
    const [row] = await db.sql<{ data: Data }[]>`select data from events where stream_id = ${stream}`;
    const [decoded] = (await readStream<Data>(db.sql, stream)) as [RecordedEvent<Data>];
    return { stored: row!.data, decoded };
  }

  /** Seals in a transaction whose statements are counted, with their parameters. */
  async function seal(events: RecordedEvent<Data>[]) {
    const statements: unknown[][] = [];
    const sealed = await db.sql.begin((tx) => {
      const counted = new Proxy(tx, {
        apply(target, self, args) {
          statements.push(args.slice(1));
          return Reflect.apply(target, self, args);
        },
      });
      return sealForReadModel(counted as TransactionSql, events);
    });
    return { sealed: sealed as RecordedEvent<Data>[], statements };
  }

  it('gives back the older per-field envelopes of the log for decoded fields, with the same lookups, and sends no statement', async () => {
    const a = await loggedFieldEnvelopes(++seq);
    const b = await loggedFieldEnvelopes(++seq);
    const clear = [booked(seq - 1).data, booked(seq).data];
    const { sealed, statements } = await seal([a.decoded, b.decoded]);
    expect(statements).toEqual([]);

    for (const [i, { stored }] of [a, b].entries()) {
      const out = holders(sealed[i]!.data);
      const log = holders(stored);
      const original = holders(clear[i]!);
      for (const [h, holder] of out.entries()) {
        for (const name of SENSITIVE) {
          if (!(name in original[h]!)) continue;
          expect(fieldSubject(log[h]![name])).toBeDefined();
          expect(holder[name]).toBe(log[h]![name]);
        }
        const id = original[h]!.identificationNumber as string;
        expect(holder.identificationMasked).toBe(maskIdentificationNumber(id));
        expect(holder.identificationHash).toBe(keyedHash(id));
        // What is not sensitive stays clear, as before.
        expect(holder.firstName).toBe(original[h]!.firstName);
      }
    }
    // The decoded events are left as they were (projections read them after sealing).
    expect(holders(a.decoded.data)[1]!.identificationNumber).toBe(
      holders(clear[0]!)[1]!.identificationNumber,
    );

    // The rows open to the clear values, as rows sealed anew did.
    const opened = await openReadModelRows(db.sql, [structuredClone(sealed[0]!.data)]);
    const expected = structuredClone(clear[0]!);
    expect(opened[0]).toEqual(expected);
  });

  it('seals fields that were clear in the log with one key statement for their subjects only', async () => {
    const encrypted = await logged(++seq);
    const n = ++seq;
    const clear = await logged(n, false);
    expect(clear.stored.participants[0]!.identificationNumber).toBe(`S00000${n}A`);

    const { sealed, statements } = await seal([encrypted.decoded, clear.decoded]);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContainEqual([participantSubject(`rm${n}a`), participantSubject(`rm${n}b`)]);

    // The boxed event's fields are sealed under the keys its boxes were opened with: no statement of theirs.
    expect(fieldSubject(holders(sealed[0]!.data)[1]!.dateOfBirth)).toBe(participantSubject(`rm${n - 1}a`));
    const out = holders(sealed[1]!.data);
    for (const [h, holder] of out.entries()) {
      const original = holders(booked(n).data)[h]!;
      for (const name of SENSITIVE) {
        if (!(name in original)) continue;
        const subject = participantSubject(h === 2 ? `rm${n}b` : `rm${n}a`);
        expect(fieldSubject(holder[name])).toBe(subject);
      }
      expect(holder.identificationMasked).toBe(
        maskIdentificationNumber(original.identificationNumber as string),
      );
      expect(holder.identificationHash).toBe(keyedHash(original.identificationNumber as string));
    }
    const opened = await openReadModelRows(db.sql, [structuredClone(sealed[1]!.data)]);
    expect(opened[0]).toEqual(booked(n).data);
  });

  it('seals a decoded value changed after decoding anew, not with the stale envelope', async () => {
    const { stored, decoded } = await loggedFieldEnvelopes(++seq);
    decoded.data.contact.medicalConditions = 'Diabetes';
    const { sealed, statements } = await seal([decoded]);
    expect(statements).toHaveLength(1);
    const value = sealed[0]!.data.contact.medicalConditions;
    expect(value).not.toBe(stored.contact.medicalConditions);
    const [row] = await openReadModelRows(db.sql, [{ value }]);
    expect(row!.value).toBe('Diabetes');
  });

  it('seals the fields opened from a box in their own envelopes under the keys the decoder used, with no statement', async () => {
    const n = ++seq;
    const { stored, decoded } = await logged(n);
    // The log holds references into one box per person, and no clear or per-field sealed value.
    expect(Object.keys(stored.pd2 as object).sort()).toEqual(
      [participantSubject(`rm${n}a`), participantSubject(`rm${n}b`)].sort(),
    );
    expect(stored.participants[0]!.identificationNumber).toMatch(/^pd2\.\d+$/);
    const clearJson = JSON.stringify(booked(n).data);
    for (const value of [`S00000${n}A`, `S00000${n}C`, '1975-05-06', `c${n}@example.com`, 'First rm']) {
      expect(clearJson).toContain(value);
      expect(JSON.stringify(stored)).not.toContain(value);
    }
    // Decoding gives back the data as appended, without the boxes.
    expect(decoded.data).toEqual(booked(n).data);

    const { sealed, statements } = await seal([decoded]);
    expect(statements).toEqual([]);
    const out = holders(sealed[0]!.data);
    const original = holders(booked(n).data);
    for (const [h, holder] of out.entries()) {
      const subject = participantSubject(h === 2 ? `rm${n}b` : `rm${n}a`);
      for (const name of SENSITIVE)
        if (name in original[h]!) expect(fieldSubject(holder[name])).toBe(subject);
      const id = original[h]!.identificationNumber as string;
      expect(holder.identificationMasked).toBe(maskIdentificationNumber(id));
      expect(holder.identificationHash).toBe(keyedHash(id));
    }
    const opened = await openReadModelRows(db.sql, [structuredClone(sealed[0]!.data)]);
    expect(opened[0]).toEqual(booked(n).data);
  });

  it('leaves a value that only looks like a box reference, outside the personal fields, as written', async () => {
    const n = ++seq;
    const event = booked(n);
    const data = { ...event.data, partnerCode: 'pd2.0', note: { text: 'pd2.1' } };
    setEventCodec(personalDataCodec);
    await append(
      db.sql,
      { streamId: `registration-${n}`, expectedVersion: 'any', events: [{ type: event.type, data }] },
      { actor: 'admin:test' },
    );
    const [decoded] = await readStream<Data>(db.sql, `registration-${n}`);
    expect(decoded!.data).toEqual(data);
  });

  it('seals a value changed after decoding from a box with the decoded key, as changed', async () => {
    const { decoded } = await logged(++seq);
    decoded.data.contact.medicalConditions = 'Diabetes';
    const { sealed, statements } = await seal([decoded]);
    expect(statements).toEqual([]);
    const [row] = await openReadModelRows(db.sql, [{ value: sealed[0]!.data.contact.medicalConditions }]);
    expect(row!.value).toBe('Diabetes');
  });

  it("an erased person's fields read '', with no masked form or hash, whether decoded or clear in the log", async () => {
    const encrypted = await logged(++seq);
    const clear = await logged(++seq, false);
    const subjects = [encrypted, clear].flatMap((e) =>
      e.decoded.data.participants.map((p) => participantSubject(p.participantId as string)),
    );
    // The clear event's subjects get their keys as any booking's would, then everyone is erased.
    await seal([clear.decoded]);
    expect(await destroyDataKeys(db.sql, subjects)).toBe(4);

    const reread = [
      (await readStream<Data>(db.sql, `registration-${seq - 1}`))[0]!,
      (await readStream<Data>(db.sql, `registration-${seq}`))[0]!,
    ];
    expect(reread[0]!.data.participants[0]!.identificationNumber).toBe('');
    // The decoded event needs no key (its boxes say whose they are, and the key was gone at decoding);
    // the clear one asks for its keys and finds them destroyed.
    const decoded = await seal([reread[0]!]);
    expect(decoded.statements).toEqual([]);
    const clearInLog = await seal([reread[1]!]);
    expect(clearInLog.statements).toHaveLength(1);
    const sealed = [...decoded.sealed, ...clearInLog.sealed];
    for (const event of sealed) {
      for (const holder of holders(event.data)) {
        for (const name of SENSITIVE) if (name in holder) expect(holder[name]).toBe('');
        expect(holder.identificationMasked).toBe('');
        expect(holder.identificationHash).toBeNull();
      }
    }
  });

  it('seals each decoded event once: a second projection of the same batch gets the same copy, with no statement', async () => {
    const { decoded } = await logged(++seq, false);
    const first = await seal([decoded]);
    expect(first.statements).toHaveLength(1);
    const second = await seal([decoded]);
    expect(second.statements).toEqual([]);
    expect(second.sealed[0]!.data).toBe(first.sealed[0]!.data);
  });

  it('seals once when two projections ask at the same time, as a group batch starts them', async () => {
    const { decoded } = await logged(++seq, false);
    const statements: unknown[][] = [];
    const [a, b] = await db.sql.begin((tx) => {
      const counted = new Proxy(tx, {
        apply(target, self, args) {
          statements.push(args.slice(1));
          return Reflect.apply(target, self, args);
        },
      }) as TransactionSql;
      // Neither awaited before the other starts: the second asks while the first is still sealing.
      return Promise.all([sealForReadModel(counted, [decoded]), sealForReadModel(counted, [decoded])]);
    });
    expect(statements).toHaveLength(1);
    expect(b[0]!.data).toBe(a[0]!.data);
    expect(a[0]!.data).not.toBe(decoded.data);
  });

  it("encrypts one person's same value once per event: the contact and the primary participant share a box entry, another person has their own box", async () => {
    const n = ++seq;
    const event = booked(n);
    const primary = event.data.participants[0]!;
    Object.assign(event.data.contact, {
      firstName: primary.firstName,
      identificationNumber: primary.identificationNumber,
      dateOfBirth: primary.dateOfBirth,
    });
    // The other participant has the same date of birth, under their own key.
    expect(event.data.participants[1]!.dateOfBirth).toBe(primary.dateOfBirth);
    setEventCodec(personalDataCodec);
    await append(
      db.sql,
      { streamId: `registration-${n}`, expectedVersion: 'any', events: [event] },
      { actor: 'admin:test' },
    );
    const [row] = await db.sql<
      { data: Data }[]
    >`select data from events where stream_id = ${`registration-${n}`}`;
    const stored = row!.data;
    for (const name of ['firstName', 'identificationNumber', 'dateOfBirth']) {
      expect(stored.contact[name]).toMatch(/^pd2\.\d+$/);
      expect(stored.contact[name]).toBe(stored.participants[0]![name]);
    }
    // One box per person: the second participant's same date of birth is in their own box.
    const boxes = stored.pd2 as Record<string, string>;
    expect(Object.keys(boxes).sort()).toEqual(
      [participantSubject(`rm${n}a`), participantSubject(`rm${n}b`)].sort(),
    );
    expect(stored.participants[1]!.dateOfBirth).toMatch(/^pd2\.\d+$/);
    // Read back, every field opens to its own clear value.
    const [decoded] = await readStream<Data>(db.sql, `registration-${n}`);
    expect(decoded!.data).toEqual(event.data);
  });
});
