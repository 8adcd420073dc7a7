import { randomBytesPooled } from '@hs/domain';
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/** A 32-byte AES-256 key with the id stored beside what it wraps (first 16 hex of its SHA-256). */
export interface MasterKey {
  id: string;
  key: Buffer;
}

export interface KeyRing {
  /** Wraps every new data key. */
  current: MasterKey;
  /** Still accepted for unwrapping until `npm run rewrap-personal-data-keys` has moved every row off them. */
  previous: readonly MasterKey[];
  /** HMAC key of the keyed hash used for equality lookups; separate so a leaked hash key unwraps nothing. */
  hashKey: Buffer;
}

export class PersonalDataKeyError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'PersonalDataKeyError';
  }
}

export function masterKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

function decodeKey(variable: string, value: string): Buffer {
  const v = value.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(v)) {
    throw new PersonalDataKeyError(
      variable,
      'must be base64 (32 random bytes, e.g. `openssl rand -base64 32`)',
    );
  }
  const key = Buffer.from(v, 'base64');
  if (key.length !== 32) {
    throw new PersonalDataKeyError(variable, `must decode to exactly 32 bytes, got ${key.length}`);
  }
  return key;
}

/** Reads PERSONAL_DATA_KEY, PERSONAL_DATA_PREVIOUS_KEYS and PERSONAL_DATA_HASH_KEY; throws naming the variable. */
export function keyRingFromEnv(env: Record<string, string | undefined>): KeyRing {
  const current = env.PERSONAL_DATA_KEY?.trim();
  if (!current) throw new PersonalDataKeyError('PERSONAL_DATA_KEY', 'is required but not set');
  const hash = env.PERSONAL_DATA_HASH_KEY?.trim();
  if (!hash) throw new PersonalDataKeyError('PERSONAL_DATA_HASH_KEY', 'is required but not set');
  const currentKey = decodeKey('PERSONAL_DATA_KEY', current);
  const previous = (env.PERSONAL_DATA_PREVIOUS_KEYS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => decodeKey('PERSONAL_DATA_PREVIOUS_KEYS', s));
  return {
    current: { id: masterKeyId(currentKey), key: currentKey },
    previous: previous.map((key) => ({ id: masterKeyId(key), key })),
    hashKey: decodeKey('PERSONAL_DATA_HASH_KEY', hash),
  };
}

/** A fresh random ring, for the test stack and the demo's first start. */
export function generateKeyBase64(): string {
  return randomBytes(32).toString('base64');
}

let ring: KeyRing | undefined;

/** Set once by each composition root (api, worker, test stack, CLI); undefined: none (a new process). */
export function configurePersonalData(keys: KeyRing | undefined): void {
  ring = keys;
}

export function isPersonalDataConfigured(): boolean {
  return ring !== undefined;
}

export function keyRing(): KeyRing {
  if (!ring) {
    throw new PersonalDataKeyError(
      'PERSONAL_DATA_KEY',
      'is not loaded: configurePersonalData was not called',
    );
  }
  return ring;
}

export function findMasterKey(id: string): MasterKey | undefined {
  const r = keyRing();
  if (r.current.id === id) return r.current;
  return r.previous.find((k) => k.id === id);
}

const IV = 12;
const TAG = 16;

/** AES-256-GCM: iv(12) | ciphertext | tag(16). */
export function seal(key: Buffer, plain: Buffer, aad: string): Buffer {
  const iv = randomBytesPooled(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  // GCM is a stream mode: update returns every byte and final none, so one concat makes the box.
  const body = cipher.update(plain);
  cipher.final();
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

/** Throws when the key, the AAD or a single bit of the box is wrong. */
export function open(key: Buffer, box: Buffer, aad: string): Buffer {
  if (box.length < IV + TAG) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, box.subarray(0, IV));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(box.subarray(box.length - TAG));
  const plain = decipher.update(box.subarray(IV, box.length - TAG));
  decipher.final(); // checks the tag; returns no bytes in GCM
  return plain;
}

export function wrapDataKey(
  dataKey: Buffer,
  subjectId: string,
  master: MasterKey = keyRing().current,
): Buffer {
  return seal(master.key, dataKey, `dk:${subjectId}`);
}

export function unwrapDataKey(wrapped: Buffer, subjectId: string, masterId: string): Buffer {
  const master = findMasterKey(masterId);
  if (!master) {
    throw new Error(
      `personal data key of ${subjectId} is wrapped by master key ${masterId}, which is neither PERSONAL_DATA_KEY nor in PERSONAL_DATA_PREVIOUS_KEYS`,
    );
  }
  return open(master.key, wrapped, `dk:${subjectId}`);
}

/** Identification numbers compare trimmed and upper-cased (s1234567a is S1234567A). */
export function normaliseIdentification(value: string): string {
  return value.trim().toUpperCase();
}

/** HMAC-SHA-256 (hex) of a normalised identification number: the only form equality lookups may use. */
export function keyedHash(value: string): string {
  return createHmac('sha256', keyRing().hashKey).update(normaliseIdentification(value), 'utf8').digest('hex');
}
