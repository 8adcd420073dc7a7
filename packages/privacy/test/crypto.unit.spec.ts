import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  configurePersonalData,
  decryptField,
  encryptField,
  fieldSubject,
  generateKeyBase64,
  isEncryptedField,
  keyedHash,
  keyRingFromEnv,
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
