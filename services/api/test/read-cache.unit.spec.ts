import { describe, expect, it } from 'vitest';
import { ReadCache } from '../src/plugins/app/read-cache';

describe('ReadCache', () => {
  const make = (maxAgeMs = 1000, maxEntries = 100) => {
    let t = 0;
    const cache = new ReadCache({ maxAgeMs, maxEntries, now: () => t });
    return { cache, advance: (ms: number) => (t += ms) };
  };

  it('answers a key from memory until it is invalidated or too old', async () => {
    const { cache, advance } = make(1000);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('a', compute)).toBe(1);
    cache.invalidate();
    expect(await cache.get('a', compute)).toBe(2);
    advance(999);
    expect(await cache.get('a', compute)).toBe(2);
    advance(1);
    expect(await cache.get('a', compute)).toBe(3);
  });

  it('shares one computation among concurrent misses of a key', async () => {
    const { cache } = make();
    let computed = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const compute = async () => {
      computed++;
      await gate;
      return 'v';
    };
    const answers = Promise.all(Array.from({ length: 50 }, () => cache.get('k', compute)));
    release();
    expect(await answers).toEqual(Array(50).fill('v'));
    expect(computed).toBe(1);
  });

  it('does not keep an answer computed across an invalidation (it may predate the change)', async () => {
    const { cache } = make();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = cache.get('k', async () => {
      await gate;
      return 'before the change';
    });
    cache.invalidate();
    // A request after the change does not join the computation that started before it.
    const fresh = cache.get('k', async () => 'after the change');
    release();
    expect(await slow).toBe('before the change');
    expect(await fresh).toBe('after the change');
    expect(await cache.get('k', async () => 'recomputed')).toBe('after the change');
  });

  it('does not keep failures', async () => {
    const { cache } = make();
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const { cache } = make(1000, 3);
    for (const k of ['a', 'b', 'c', 'd']) await cache.get(k, async () => k);
    expect(cache.size).toBe(3);
    let recomputed = false;
    await cache.get('a', async () => {
      recomputed = true;
      return 'a';
    });
    expect(recomputed).toBe(true);
  });
});
