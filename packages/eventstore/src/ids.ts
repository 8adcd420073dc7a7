import { randomUUID } from 'node:crypto';

/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Event ids are indexed
 * (`unique (event_id)`); time-ordered ids land at the right edge of that index instead of on a random
 * page, which keeps appends' WAL and cache misses down under load.
 */
export function uuidv7(now = Date.now()): string {
  // The random part comes from randomUUID (a v4 id: its version nibble is replaced, its variant bits are
  // the same), which Node draws from a pooled buffer: randomBytes per id was a call into OpenSSL for
  // every event appended (issue 27).
  const random = randomUUID();
  const t = now.toString(16).padStart(12, '0');
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${random.slice(15)}`;
}
