import { describe, expect, it } from 'vitest';
import { type Waiting, createBatcher } from '../src/batcher';

const tick = () => new Promise((r) => setImmediate(r));

/** A batcher whose runs the test releases by hand, recording each batch's items. */
function manual(maxBatch = 100) {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const batcher = createBatcher<number, number>(
    async (batch: Waiting<number, number>[]) => {
      batches.push(batch.map((w) => w.item));
      await new Promise<void>((r) => releases.push(r));
      for (const w of batch) w.resolve(w.item * 10);
    },
    { maxBatch },
  );
  return { batcher, batches, release: () => releases.shift()?.() };
}

describe('createBatcher', () => {
  it('runs the items of one turn of the event loop as one batch, each answered with its own value', async () => {
    const { batcher, batches, release } = manual();
    const answers = Promise.all([1, 2, 3].map((n) => batcher.submit(n)));
    await tick();
    expect(batches).toEqual([[1, 2, 3]]);
    release();
    expect(await answers).toEqual([10, 20, 30]);
    expect(batcher.stats).toEqual({ batches: 1, items: 3, largestBatch: 3 });
  });

  it('items that arrive while a batch runs wait and go together in the next one', async () => {
    const { batcher, batches, release } = manual();
    const first = batcher.submit(1);
    await tick();
    const later = [batcher.submit(2), batcher.submit(3)];
    await tick();
    await tick();
    expect(batches).toEqual([[1]]);
    release();
    expect(await first).toBe(10);
    await tick();
    expect(batches).toEqual([[1], [2, 3]]);
    release();
    expect(await Promise.all(later)).toEqual([20, 30]);
  });

  it('splits what is waiting into batches of at most maxBatch', async () => {
    const { batcher, batches, release } = manual(2);
    const all = Promise.all([1, 2, 3, 4, 5].map((n) => batcher.submit(n)));
    for (let i = 0; i < 3; i++) {
      await tick();
      release();
    }
    expect(await all).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(batcher.stats.largestBatch).toBe(2);
  });

  it('one item refused by the run gets its own error; the others their values', async () => {
    const batcher = createBatcher<number, number>(
      async (batch) => {
        for (const w of batch) w.item === 2 ? w.reject(new Error('two refused')) : w.resolve(w.item);
      },
      { maxBatch: 10 },
    );
    const results = await Promise.allSettled([1, 2, 3].map((n) => batcher.submit(n)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      1,
      'two refused',
      3,
    ]);
  });

  it('a run that throws rejects the items it had not answered, keeps the answers it gave, and the next batch still runs', async () => {
    let calls = 0;
    const batcher = createBatcher<number, number>(
      async (batch) => {
        calls++;
        if (calls === 1) {
          batch[0]!.resolve(1);
          throw new Error('connection lost');
        }
        for (const w of batch) w.resolve(w.item);
      },
      { maxBatch: 10 },
    );
    const results = await Promise.allSettled([1, 2].map((n) => batcher.submit(n)));
    expect(results[0]).toEqual({ status: 'fulfilled', value: 1 });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { message: 'connection lost' } });
    expect(await batcher.submit(7)).toBe(7);
  });

  it('drain waits for everything queued', async () => {
    const { batcher, batches, release } = manual();
    let settled = 0;
    for (const n of [1, 2]) batcher.submit(n).then(() => settled++);
    const drained = batcher.drain();
    await tick();
    release();
    await drained;
    expect(settled).toBe(2);
    expect(batches).toEqual([[1, 2]]);
  });

  it('refuses a batch size below one', () => {
    expect(() => createBatcher(async () => {}, { maxBatch: 0 })).toThrow(RangeError);
  });
});
