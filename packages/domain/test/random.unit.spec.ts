import { describe, expect, it } from 'vitest';
import { randomBytesPooled, secureRandomInt } from '../src';

describe('pooled randomness', () => {
  it('hands out fresh bytes across pool refills, never the same run twice', () => {
    const seen = new Set<string>();
    // 3,000 draws of 12 bytes cross the 4 KiB pool several times.
    for (let i = 0; i < 3000; i++) {
      const b = randomBytesPooled(12);
      expect(b).toHaveLength(12);
      seen.add(Buffer.from(b).toString('hex'));
    }
    expect(seen.size).toBe(3000);
    expect(randomBytesPooled(1000)).toHaveLength(1000);
  });

  it('secureRandomInt stays in range and reaches every value', () => {
    const counts = new Array(7).fill(0);
    for (let i = 0; i < 7000; i++) counts[secureRandomInt(7)]++;
    for (const c of counts) expect(c).toBeGreaterThan(700);
    expect(() => secureRandomInt(0)).toThrow(RangeError);
  });
});
