import { describe, expect, it } from 'vitest';
import { createSemaphore } from '../src/semaphore';

describe('createSemaphore', () => {
  it('runs at most `limit` at once, in arrival order, and a failure gives its permit back', async () => {
    const withPermit = createSemaphore(2);
    let active = 0;
    let most = 0;
    const started: number[] = [];
    const work = (i: number) =>
      withPermit(async () => {
        started.push(i);
        active += 1;
        most = Math.max(most, active);
        await new Promise((r) => setTimeout(r, 5));
        active -= 1;
        if (i === 1) throw new Error('declined');
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(work));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await withPermit(async () => 'free again')).toBe('free again');
  });
});
