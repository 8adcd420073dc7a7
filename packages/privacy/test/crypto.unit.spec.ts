import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  boxIndex,
  boxReference,
  configurePersonalData,
  decryptField,
  encryptField,
  fieldSubject,
  generateKeyBase64,
  isEncryptedField,
  keyedHash,
  keyRingFromEnv,
  openBox,
  sealBox,
} from '../src/index';

const env = { PERSONAL_DATA_KEY: generateKeyBase64(), PERSONAL_DATA_HASH_KEY: generateKeyBase64() };

beforeAll(() => configurePersonalData(keyRingFromEnv(env)));

describe('field envelope', () => {
  const key = randomBytes(32);
  const subject = 'participant-p1';

  it('round-trips and hides the value', () => {
    const sealed = encryptField(key, subject, 'S1234567D');
    expect(sealed.startsWith('pd1.participant-p1.')).toBe(true);
    expect(sealed).not.toContain('S1234567D');
    expect(isEncryptedField(sealed)).toBe(true);
    expect(fieldSubject(sealed)).toBe(subject);
    expect(decryptField(new Map([[subject, key]]), sealed)).toBe('S1234567D');
  });

  it('encrypts the same value differently each time', () => {
    expect(encryptField(key, subject, 'x')).not.toBe(encryptField(key, subject, 'x'));
  });

  it('fails on a tampered box', () => {
    const sealed = encryptField(key, subject, 'Asthma');
    const dot = sealed.lastIndexOf('.');
    const box = Buffer.from(sealed.slice(dot + 1), 'base64url');
    box[14] = (box[14] as number) ^ 1;
    const tampered = `${sealed.slice(0, dot + 1)}${box.toString('base64url')}`;
    expect(() => decryptField(new Map([[subject, key]]), tampered)).toThrow();
  });

  it('fails when the box is moved to another subject (AAD)', () => {
    const sealed = encryptField(key, subject, 'Asthma');
    const moved = sealed.replace('participant-p1', 'participant-p2');
    expect(() => decryptField(new Map([['participant-p2', key]]), moved)).toThrow();
  });

  it('fails with the wrong key', () => {
    const sealed = encryptField(key, subject, 'Asthma');
    expect(() => decryptField(new Map([[subject, randomBytes(32)]]), sealed)).toThrow();
  });

  it('reads as empty when the key is destroyed or missing', () => {
    const sealed = encryptField(key, subject, 'Asthma');
    expect(decryptField(new Map([[subject, null]]), sealed)).toBe('');
    expect(decryptField(new Map(), sealed)).toBe('');
  });

  it('passes clear values through', () => {
    expect(isEncryptedField('Tan')).toBe(false);
    expect(decryptField(new Map(), 'Tan')).toBe('Tan');
  });
});

describe('person box (one per person and event)', () => {
  const key = randomBytes(32);
  const subject = 'participant-p1';
  const values = ['Tan', 'S1234567D', '1980-01-02', ''];

  it('round-trips the values in order and hides them', () => {
    const box = sealBox(key, subject, values);
    for (const v of values.filter(Boolean)) expect(box).not.toContain(v);
    expect(openBox(new Map([[subject, key]]), subject, box)).toEqual(values);
    expect(sealBox(key, subject, values)).not.toBe(box);
  });

  it('fails on a tampered box, under another subject, or with the wrong key', () => {
    const box = sealBox(key, subject, values);
    const bytes = Buffer.from(box, 'base64url');
    bytes[20] = (bytes[20] as number) ^ 1;
    expect(() => openBox(new Map([[subject, key]]), subject, bytes.toString('base64url'))).toThrow();
    expect(() => openBox(new Map([['participant-p2', key]]), 'participant-p2', box)).toThrow();
    expect(() => openBox(new Map([[subject, randomBytes(32)]]), subject, box)).toThrow();
  });

  it("is not a field envelope's box: one cannot stand in for the other", () => {
    const field = encryptField(key, subject, '["Tan"]');
    const body = field.slice(field.lastIndexOf('.') + 1);
    expect(() => openBox(new Map([[subject, key]]), subject, body)).toThrow();
  });

  it('reads as null (every value erased) when the key is destroyed or missing', () => {
    const box = sealBox(key, subject, values);
    expect(openBox(new Map([[subject, null]]), subject, box)).toBeNull();
    expect(openBox(new Map(), subject, box)).toBeNull();
  });

  it('references are pd2.<index>; nothing else reads as one', () => {
    expect(boxReference(3)).toBe('pd2.3');
    expect(boxIndex('pd2.3')).toBe(3);
    for (const v of ['pd2.', 'pd2.x', 'pd2.1.2', 'pd1.participant-p1.abc', 'Tan', null, 7]) {
      expect(boxIndex(v)).toBeUndefined();
    }
  });
});

describe('key ring from env', () => {
  it('names the variable when a key is missing or malformed', () => {
    expect(() => keyRingFromEnv({ PERSONAL_DATA_HASH_KEY: env.PERSONAL_DATA_HASH_KEY })).toThrow(
      /PERSONAL_DATA_KEY/,
    );
    expect(() => keyRingFromEnv({ ...env, PERSONAL_DATA_KEY: 'abc' })).toThrow(
      /PERSONAL_DATA_KEY must decode to exactly 32 bytes/,
    );
    expect(() => keyRingFromEnv({ ...env, PERSONAL_DATA_HASH_KEY: 'not base64!' })).toThrow(
      /PERSONAL_DATA_HASH_KEY/,
    );
    expect(() =>
      keyRingFromEnv({ ...env, PERSONAL_DATA_PREVIOUS_KEYS: `${generateKeyBase64()},xx` }),
    ).toThrow(/PERSONAL_DATA_PREVIOUS_KEYS/);
  });

  it('keeps previous keys for unwrapping', () => {
    const old = generateKeyBase64();
    const ring = keyRingFromEnv({ ...env, PERSONAL_DATA_PREVIOUS_KEYS: ` ${old} ` });
    expect(ring.previous).toHaveLength(1);
    expect(ring.current.id).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('keyed hash', () => {
  it('is equal for the same normalised NRIC and never the value', () => {
    expect(keyedHash(' s1234567d ')).toBe(keyedHash('S1234567D'));
    expect(keyedHash('S1234567D')).not.toBe(keyedHash('S1234568D'));
    expect(keyedHash('S1234567D')).toMatch(/^[0-9a-f]{64}$/);
  });
});
