/** Cryptographically secure randomness from the platform (browser and Node >= 20 alike). */

/** Returns a uniformly distributed integer in [0, bound). */
export type RandomInt = (bound: number) => number;

/** Uniform integer in [0, bound) from `crypto.getRandomValues`, by rejection sampling (no modulo bias). */
export const secureRandomInt: RandomInt = (bound) => {
  if (!Number.isInteger(bound) || bound < 1 || bound > 2 ** 32) throw new RangeError(`Bad bound ${bound}`);
  const limit = 2 ** 32 - (2 ** 32 % bound);
  const buf = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buf);
    const x = buf[0]!;
    if (x < limit) return x % bound;
  }
};

/** `length` characters drawn uniformly from `alphabet`. */
export function randomString(alphabet: string, length: number, random: RandomInt = secureRandomInt): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[random(alphabet.length)];
  return out;
}
