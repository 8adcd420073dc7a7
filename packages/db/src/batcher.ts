/** One item waiting in a batch, and how its caller is answered. */
export interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (err: unknown) => void;
}

export interface Batcher<I, O> {
  /** Queues the item for the next batch; settles with its own answer. */
  submit(item: I): Promise<O>;
  /** Waits for everything queued to be run. */
  drain(): Promise<void>;
  readonly stats: BatcherStats;
}

export interface BatcherStats {
  batches: number;
  items: number;
  largestBatch: number;
}

/**
 * Items that arrive while a batch is running wait and go together in the next one, so a busy
 * process sends one statement for many requests (issue 27: group commit, pricing reads). Nothing waits
 * for company: when no batch is running, the first item goes at once, after the items that arrived in
 * the same turn of the event loop; at low load a batch is one item.
 *
 * `run` answers every item of its batch (resolve or reject each); if it throws, the items it has not
 * answered are rejected with that error.
 */
export function createBatcher<I, O>(
  run: (batch: Waiting<I, O>[]) => Promise<void>,
  options: { maxBatch: number },
): Batcher<I, O> {
  if (!(options.maxBatch >= 1)) throw new RangeError('maxBatch must be at least 1');
  const queue: Waiting<I, O>[] = [];
  let running: Promise<void> | null = null;
  const stats: BatcherStats = { batches: 0, items: 0, largestBatch: 0 };

  async function runAll(): Promise<void> {
    // Let the items of this turn of the event loop join the first batch.
    await new Promise((r) => setImmediate(r));
    while (queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      stats.batches++;
      stats.items += batch.length;
      stats.largestBatch = Math.max(stats.largestBatch, batch.length);
      try {
        await run(batch);
      } catch (err) {
        // A promise settles once: the items `run` already answered keep their answer.
        for (const w of batch) w.reject(err);
      }
    }
  }

  function kick(): void {
    if (running) return;
    running = runAll().finally(() => {
      running = null;
      // An item queued after the loop last looked, but before this ran, found `running` still set.
      if (queue.length > 0) kick();
    });
  }

  return {
    stats,
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        kick();
      });
    },
    async drain() {
      while (running) await running;
    },
  };
}
