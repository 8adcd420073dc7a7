import { createHash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX_LENGTH = 10;

/** A new key: high-entropy, shown once; only its hash and first 10 characters are kept. */
export function generateApiKey(): { key: string; hash: string; prefix: string } {
  const key = `hs_live_${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, API_KEY_PREFIX_LENGTH) };
}

// A fast hash is right here (unlike passwords): the key has 256 bits of entropy, nothing to brute-force.
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
