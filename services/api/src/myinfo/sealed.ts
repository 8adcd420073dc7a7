/**
 * Rows sealed with the secret the browser holds (issue 49): a row is found by the secret's SHA-256 and
 * opened with a key derived from the secret itself (HKDF), so neither the database nor its backups can
 * read a retrieved person or a login's keys without the secret, which only the person's browser has.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** A fresh secret: 32 random bytes, base64url (43 characters). */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** What a row is found by: the secret's SHA-256 (hex). */
export const secretId = (secret: string): string => createHash('sha256').update(secret).digest('hex');

const keyOf = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), `hs-myinfo:${purpose}`, 32));

/** `value` as JSON, AES-256-GCM under the secret's key for `purpose`: iv.tag.ciphertext, base64url. */
export function sealJson(secret: string, purpose: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The sealed value; throws on a wrong secret or a tampered box. */
export function openJson<T>(secret: string, purpose: string, sealed: string): T {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, purpose), iv!);
  decipher.setAuthTag(tag!);
  return JSON.parse(Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8')) as T;
}
