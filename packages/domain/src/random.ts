/** Cryptographically secure randomness from the platform (browser and Node >= 20 alike). */

/** Returns a uniformly distributed integer in [0, bound). */
export type RandomInt = (bound: number) => number;

const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let drawn = 0;

/**
 * `n` secure random bytes cut from a pool that `crypto.getRandomValues` refills 4 KiB at a time: one
 * call into the platform's generator per few hundred draws instead of one per draw (a booking draws
 * dozens: encryption IVs, data keys, its reference number; issue 27). Each byte is handed out once.
 */
export function randomBytesPooled(n: number): Uint8Array {
  if (n > 256) return globalThis.crypto.getRandomValues(new Uint8Array(n));
  if (drawn + n > pool.length) {
    pool = globalThis.crypto.getRandomValues(new Uint8Array(POOL_BYTES));
    drawn = 0;
  }
  const out = pool.slice(drawn, drawn + n);
  drawn += n;
  return out;
}

/** Uniform integer in [0, bound) from secure random bytes, by rejection sampling (no modulo bias). */
export const secureRandomInt: RandomInt = (bound) => {
  if (!Number.isInteger(bound) || bound < 1 || bound > 2 ** 32) throw new RangeError(`Bad bound ${bound}`);
  const limit = 2 ** 32 - (2 ** 32 % bound);
  for (;;) {
    const b = randomBytesPooled(4);
    const x = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
    if (x < limit) return x % bound;
  }
};

/** `length` characters drawn uniformly from `alphabet`. */
export function randomString(alphabet: string, length: number, random: RandomInt = secureRandomInt): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[random(alphabet.length)];
  return out;
}
