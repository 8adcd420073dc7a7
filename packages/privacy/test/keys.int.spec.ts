import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configurePersonalData,
  decryptField,
  destroyDataKeys,
  encryptField,
  ensureDataKeys,
  generateKeyBase64,
  keyRingFromEnv,
  loadDataKeys,
  rewrapDataKeys,
} from '../src/index';

const K1 = generateKeyBase64();
const K2 = generateKeyBase64();
const HASH = generateKeyBase64();
const ring = (env: Record<string, string>) =>
  configurePersonalData(keyRingFromEnv({ PERSONAL_DATA_HASH_KEY: HASH, ...env }));

describe('personal data keys in Postgres', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => {
    await db?.sql.end({ timeout: 5 });
    await db?.drop();
  });

  it('creates a key once per subject and reads it back', async () => {
    ring({ PERSONAL_DATA_KEY: K1 });
    const first = await ensureDataKeys(db.sql, ['participant-once']);
    const again = await ensureDataKeys(db.sql, ['participant-once', 'waitlist-once']);
    expect(again.get('participant-once')).toEqual(first.get('participant-once'));
    expect(again.get('waitlist-once')).toBeInstanceOf(Buffer);
    const [row] =
      await db.sql`select wrapped_key from personal_data_keys where subject_id = 'participant-once'`;
    expect(Buffer.compare(row!.wrapped_key, first.get('participant-once')!)).not.toBe(0);
  });

  it('rotation: keys wrapped by K1 read after KEY=K2, PREVIOUS=K1 and the rewrap, and then without K1', async () => {
    ring({ PERSONAL_DATA_KEY: K1 });
    const subjects = Array.from({ length: 7 }, (_, i) => `participant-rot${i}`);
    const keys = await ensureDataKeys(db.sql, subjects);
    const sealed = subjects.map((s) => encryptField(keys.get(s)!, s, `S000000${s.slice(-1)}`));

    ring({ PERSONAL_DATA_KEY: K2 });
    await expect(loadDataKeys(db.sql, subjects)).rejects.toThrow(/PERSONAL_DATA_PREVIOUS_KEYS/);

    ring({ PERSONAL_DATA_KEY: K2, PERSONAL_DATA_PREVIOUS_KEYS: K1 });
    const result = await rewrapDataKeys(db.sql, 3);
    expect(result.rewrapped).toBeGreaterThanOrEqual(subjects.length);
    expect((await rewrapDataKeys(db.sql, 3)).rewrapped).toBe(0);

    ring({ PERSONAL_DATA_KEY: K2 });
    const after = await loadDataKeys(db.sql, subjects);
    for (const [i, s] of subjects.entries())
      expect(decryptField(after, sealed[i]!)).toBe(`S000000${s.slice(-1)}`);
  });

  it('destroying keys shreds the fields, once', async () => {
    ring({ PERSONAL_DATA_KEY: K2 });
    const keys = await ensureDataKeys(db.sql, ['participant-gone', 'participant-kept']);
    const gone = encryptField(keys.get('participant-gone')!, 'participant-gone', 'Asthma');
    const kept = encryptField(keys.get('participant-kept')!, 'participant-kept', 'Diabetes');
    expect(await destroyDataKeys(db.sql, ['participant-gone', 'participant-unknown'])).toBe(1);
    expect(await destroyDataKeys(db.sql, ['participant-gone'])).toBe(0);
    const after = await loadDataKeys(db.sql, ['participant-gone', 'participant-kept']);
    expect(decryptField(after, gone)).toBe('');
    expect(decryptField(after, kept)).toBe('Diabetes');
    // Nothing new is encrypted for an erased person.
    expect((await ensureDataKeys(db.sql, ['participant-gone'])).get('participant-gone')).toBeNull();
  });
});
