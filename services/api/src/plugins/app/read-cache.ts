import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

/** The channel migration 007's triggers notify when a table the public reads are built from changes. */
export const READS_CHANNEL = 'hs_reads';

/**
 * Answers of the public catalogue reads, kept in memory. Every change to their tables (admin edits,
 * the slot read model moving) notifies `hs_reads`, which drops them all in every api instance. An
 * entry also expires after `maxAgeMs`, so a notification lost while the listening connection was
 * down (postgres.js re-listens once on reconnect, then gives up) cannot keep a stale answer for long.
 * Nothing here decides a booking: seats and prices of a booking are read from the log and the
 * catalogue inside the booking itself.
 */
export class ReadCache {
  private generation = 0;
  private readonly entries = new Map<string, { generation: number; at: number; value: unknown }>();
  private readonly pending = new Map<string, { generation: number; promise: Promise<unknown> }>();

  constructor(
    private readonly options: { maxAgeMs: number; maxEntries: number; now?: () => number } = {
      maxAgeMs: 1000,
      maxEntries: 1000,
    },
  ) {}

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  /** Everything cached so far is out of date. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The cached answer for `key`, or `compute()`'s. Concurrent misses of one key share one
   * computation. An answer computed across an invalidation is returned to its callers but not kept.
   */
  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const generation = this.generation;
    const hit = this.entries.get(key);
    if (hit && hit.generation === generation && this.now() - hit.at < this.options.maxAgeMs) {
      return hit.value as T;
    }
    const running = this.pending.get(key);
    if (running && running.generation === generation) return running.promise as Promise<T>;
    const at = this.now();
    const promise = compute().then(
      (value) => {
        if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
        if (this.generation === generation) {
          this.entries.delete(key);
          this.entries.set(key, { generation, at, value });
          // Oldest first in a Map's order: drop from the front past the bound.
          for (const old of this.entries.keys()) {
            if (this.entries.size <= this.options.maxEntries) break;
            this.entries.delete(old);
          }
        }
        return value;
      },
      (err) => {
        if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
        throw err;
      },
    );
    this.pending.set(key, { generation, promise });
    return promise;
  }
}

/**
 * The app's read cache, emptied by `hs_reads` notifications and by this instance's own admin writes
 * (so a staff member sees their change at once, before the notification even arrives).
 */
export default fp(
  async (app: FastifyInstance, opts: { maxAgeMs: number }) => {
    const cache = new ReadCache({ maxAgeMs: opts.maxAgeMs, maxEntries: 1000 });
    app.decorate('readCache', cache);
    if (opts.maxAgeMs <= 0) return;
    let listener: { unlisten: () => Promise<void> } | null = null;
    try {
      listener = await app.sql.listen(
        READS_CHANNEL,
        () => cache.invalidate(),
        // Called again after a reconnect: whatever changed meanwhile went unheard.
        () => cache.invalidate(),
      );
    } catch (err) {
      app.log.warn(
        { err: (err as Error).message },
        'read cache: cannot listen for changes; entries only expire',
      );
    }
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/admin/')) {
        cache.invalidate();
      }
    });
    app.addHook('onClose', async () => {
      await listener?.unlisten().catch(() => {});
    });
  },
  { name: 'read-cache', dependencies: ['db'] },
);
