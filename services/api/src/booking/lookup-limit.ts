import { MANAGE_ACCESS_MESSAGES, normalizeReferenceNumber } from '@hs/domain';
import type { Redis } from 'ioredis';
import type { RateLimits } from '../config';
import { TooManyRequestsError } from '../errors';

/**
 * Rate limits of booking lookups (issue 46): the reference lookup, the manage page's read and the
 * public reschedule each count once per visitor (IP) and once per reference, in a fixed window. The
 * first stops walking through references, the second guessing a known reference's email or date of
 * birth from many addresses. Redis holds the counters (every api process shares them); while Redis
 * cannot answer, a per-process count takes over, so the limits never switch off.
 */
export interface LookupLimiter {
  /** Counts one lookup; throws TooManyRequestsError (429) over either limit. */
  take(visitor: string, reference: string): Promise<void>;
}

type Limits = RateLimits['bookingLookups'];

// One round trip: count both, start each window on its first count, answer the counts and the waits.
const TAKE_SCRIPT = `
local visitor = redis.call('INCR', KEYS[1])
if visitor == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local reference = redis.call('INCR', KEYS[2])
if reference == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[1]) end
return {visitor, reference, redis.call('PTTL', KEYS[1]), redis.call('PTTL', KEYS[2])}
`;

type Counts = [visitor: number, reference: number, visitorTtlMs: number, referenceTtlMs: number];

/** The same counting in this process's memory, only while Redis cannot answer. */
function memoryCounter(windowMs: number) {
  const windows = new Map<string, { count: number; until: number }>();
  const count = (key: string, now: number) => {
    const live = windows.get(key);
    const next =
      live && live.until > now ? { ...live, count: live.count + 1 } : { count: 1, until: now + windowMs };
    windows.set(key, next);
    return next;
  };
  return (visitorKey: string, referenceKey: string): Counts => {
    const now = Date.now();
    if (windows.size > 50_000) for (const [k, w] of windows) if (w.until <= now) windows.delete(k);
    const v = count(visitorKey, now);
    const r = count(referenceKey, now);
    return [v.count, r.count, v.until - now, r.until - now];
  };
}

export function createLookupLimiter(opts: {
  redis: Redis;
  limits: Limits;
  onRedisError?: (err: Error) => void;
}): LookupLimiter {
  const { limits } = opts;
  const memory = memoryCounter(limits.windowMs);
  return {
    async take(visitor, reference) {
      const visitorKey = `${limits.keyPrefix}:visitor:${visitor}`;
      const referenceKey = `${limits.keyPrefix}:reference:${normalizeReferenceNumber(reference)}`;
      let counts: Counts;
      try {
        counts = (await opts.redis.eval(TAKE_SCRIPT, 2, visitorKey, referenceKey, limits.windowMs)) as Counts;
      } catch (err) {
        opts.onRedisError?.(err as Error);
        counts = memory(visitorKey, referenceKey);
      }
      const [byVisitor, byReference, visitorTtl, referenceTtl] = counts;
      const over =
        byVisitor > limits.perVisitor ? visitorTtl : byReference > limits.perReference ? referenceTtl : null;
      if (over === null) return;
      const seconds = Math.ceil((over > 0 ? over : limits.windowMs) / 1000);
      throw new TooManyRequestsError(MANAGE_ACCESS_MESSAGES.tooManyLookups, seconds);
    },
  };
}

/**
 * Wrong second checks (dates of birth) of one reference, counted apart from lookups: a date of birth
 * has few enough values that the lookup limit alone would let many addresses guess it. Each check
 * spends one try before it compares (one atomic INCR, so parallel guesses cannot all slip past the
 * count), and a right answer gives its try back. Past `limit` the reference's second check is refused
 * for the window (the signed link still opens it). Redis holds the count; a per-process count serves
 * while Redis cannot answer.
 */
export interface SecondCheckGuesses {
  /** Takes one try; throws 429 once the reference has used up its tries. */
  spend(reference: string): Promise<void>;
  /** Gives back the try of a right answer. */
  refund(reference: string): Promise<void>;
}

const SPEND_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}
`;

export function createGuessLimiter(opts: {
  redis: Redis;
  keyPrefix: string;
  limit: number;
  windowMs: number;
  onRedisError?: (err: Error) => void;
}): SecondCheckGuesses {
  const memory = new Map<string, { count: number; until: number }>();
  const key = (reference: string) => `${opts.keyPrefix}:wrong:${normalizeReferenceNumber(reference)}`;
  const inMemory = (k: string, by: number): [number, number] => {
    const now = Date.now();
    const live = memory.get(k);
    const next =
      live && live.until > now
        ? { ...live, count: live.count + by }
        : { count: by, until: now + opts.windowMs };
    memory.set(k, next);
    return [next.count, next.until - now];
  };
  return {
    async spend(reference) {
      const k = key(reference);
      let count: number;
      let ttlMs: number;
      try {
        [count, ttlMs] = (await opts.redis.eval(SPEND_SCRIPT, 1, k, opts.windowMs)) as [number, number];
      } catch (err) {
        opts.onRedisError?.(err as Error);
        [count, ttlMs] = inMemory(k, 1);
      }
      if (count <= opts.limit) return;
      const seconds = Math.ceil((ttlMs > 0 ? ttlMs : opts.windowMs) / 1000);
      throw new TooManyRequestsError(MANAGE_ACCESS_MESSAGES.tooManyWrongChecks, seconds);
    },
    async refund(reference) {
      const k = key(reference);
      try {
        await opts.redis.eval("if redis.call('GET', KEYS[1]) then redis.call('DECR', KEYS[1]) end", 1, k);
      } catch (err) {
        opts.onRedisError?.(err as Error);
        inMemory(k, -1);
      }
    },
  };
}
