import { createHmac } from 'node:crypto';
import { normalizeIdentificationNumber } from '@hs/domain';
import type { Redis } from 'ioredis';
import type { MemberCheckLimits } from '../config';
import { TooManyRequestsError } from '../errors';

/**
 * Rate limits of the insurer (AIA) membership check (issue 46). Asking whether a number and a date of
 * birth hold the insurer's cover tells the asker a sensitive fact, so guessing is made slow:
 * - per visitor (IP): at most `perVisitor` distinct number-and-birth-date pairs a window;
 * - per identification number: at most `perIdentification` distinct birth dates a window.
 * The same pair asked again (the wizard's quote, then the booking) counts once: it teaches nothing new.
 * Redis holds the counters (every api instance shares them), keyed by HMACs of the number, never the
 * number itself. Redis down: a per-process counter takes over, so the limits never switch off.
 */

export const MEMBER_CHECK_LIMIT_MESSAGES = {
  identification: (minutes: number) =>
    `Too many membership checks for this identification number. Please try again in ${minutes} minutes.`,
  visitor: (minutes: number) => `Too many membership checks. Please try again in ${minutes} minutes.`,
} as const;

export interface MemberCheckLimiter {
  /** Counts one check; throws TooManyRequestsError (429) over either limit. */
  take(visitor: string, identificationNumber: string, dateOfBirth: string): Promise<void>;
}

/** The four keys of one check: the two counters, and the two marks of a pair already counted. */
interface CheckKeys {
  visitorCount: string;
  visitorSeen: string;
  idCount: string;
  idSeen: string;
}

/** [0, 0] allowed; [1, ttl] visitor over; [2, ttl] identification number over. */
type Verdict = [number, number];

// One round trip, atomic: read both marks and counters, refuse, or count what is new.
const TAKE_SCRIPT = `
local window = tonumber(ARGV[1])
local visitorNew = redis.call('EXISTS', KEYS[2]) == 0
local idNew = redis.call('EXISTS', KEYS[4]) == 0
if visitorNew and tonumber(redis.call('GET', KEYS[1]) or '0') >= tonumber(ARGV[2]) then
  return {1, redis.call('TTL', KEYS[1])}
end
if idNew and tonumber(redis.call('GET', KEYS[3]) or '0') >= tonumber(ARGV[3]) then
  return {2, redis.call('TTL', KEYS[3])}
end
if visitorNew then
  if redis.call('INCR', KEYS[1]) == 1 then redis.call('EXPIRE', KEYS[1], window) end
  redis.call('SET', KEYS[2], '1', 'EX', window)
end
if idNew then
  if redis.call('INCR', KEYS[3]) == 1 then redis.call('EXPIRE', KEYS[3], window) end
  redis.call('SET', KEYS[4], '1', 'EX', window)
end
return {0, 0}
`;

/** The same rules in one process's memory: used only while Redis cannot answer. */
function memoryStore() {
  const counts = new Map<string, { count: number; until: number }>();
  const seen = new Map<string, number>();
  return (keys: CheckKeys, limits: { visitor: number; id: number; windowMs: number }): Verdict => {
    const now = Date.now();
    if (counts.size + seen.size > 50_000) {
      for (const [k, v] of counts) if (v.until <= now) counts.delete(k);
      for (const [k, until] of seen) if (until <= now) seen.delete(k);
    }
    const live = (key: string) => {
      const c = counts.get(key);
      return c && c.until > now ? c : { count: 0, until: now + limits.windowMs };
    };
    const isNew = (key: string) => (seen.get(key) ?? 0) <= now;
    const visitor = live(keys.visitorCount);
    const id = live(keys.idCount);
    const visitorNew = isNew(keys.visitorSeen);
    const idNew = isNew(keys.idSeen);
    const ttl = (c: { until: number }) => Math.ceil((c.until - now) / 1000);
    if (visitorNew && visitor.count >= limits.visitor) return [1, ttl(visitor)];
    if (idNew && id.count >= limits.id) return [2, ttl(id)];
    if (visitorNew) {
      counts.set(keys.visitorCount, { ...visitor, count: visitor.count + 1 });
      seen.set(keys.visitorSeen, now + limits.windowMs);
    }
    if (idNew) {
      counts.set(keys.idCount, { ...id, count: id.count + 1 });
      seen.set(keys.idSeen, now + limits.windowMs);
    }
    return [0, 0];
  };
}

export function createMemberCheckLimiter(opts: {
  redis: Redis;
  /** PERSONAL_DATA_HASH_KEY: the numbers' HMAC key. */
  hashKey: string;
  limits: MemberCheckLimits;
  onRedisError?: (err: Error) => void;
}): MemberCheckLimiter {
  const { limits } = opts;
  const windowSeconds = limits.windowMinutes * 60;
  // A purpose of its own in the HMAC: these keys never match the lookup index of the same numbers.
  const hash = (...parts: string[]) =>
    createHmac('sha256', opts.hashKey)
      .update(`member-check\n${parts.join('\n')}`)
      .digest('hex');
  const memory = memoryStore();

  return {
    async take(visitor, identificationNumber, dateOfBirth) {
      const id = normalizeIdentificationNumber(identificationNumber);
      const dob = dateOfBirth.trim();
      const base = limits.keyPrefix;
      const keys: CheckKeys = {
        visitorCount: `${base}:visitor:${hash('visitor', visitor)}`,
        visitorSeen: `${base}:visitor-pair:${hash('visitor-pair', visitor, id, dob)}`,
        idCount: `${base}:id:${hash('id', id)}`,
        idSeen: `${base}:id-pair:${hash('id-pair', id, dob)}`,
      };
      let verdict: Verdict;
      try {
        verdict = (await opts.redis.eval(
          TAKE_SCRIPT,
          4,
          keys.visitorCount,
          keys.visitorSeen,
          keys.idCount,
          keys.idSeen,
          windowSeconds,
          limits.perVisitor,
          limits.perIdentification,
        )) as Verdict;
      } catch (err) {
        opts.onRedisError?.(err as Error);
        verdict = memory(keys, {
          visitor: limits.perVisitor,
          id: limits.perIdentification,
          windowMs: windowSeconds * 1000,
        });
      }
      const [over, ttl] = verdict;
      if (over === 0) return;
      const retryAfter = ttl > 0 ? ttl : windowSeconds;
      throw new TooManyRequestsError(
        over === 2
          ? MEMBER_CHECK_LIMIT_MESSAGES.identification(limits.windowMinutes)
          : MEMBER_CHECK_LIMIT_MESSAGES.visitor(limits.windowMinutes),
        retryAfter,
      );
    },
  };
}
