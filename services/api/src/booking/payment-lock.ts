import { createKeyedMutex } from '@hs/commands';
import type { Sql } from '@hs/db';

type ReservedSql = Awaited<ReturnType<Sql['reserve']>>;
import { createSemaphore } from '../semaphore';

/**
 * One payment at a time per order, on every api host: a card charge and a PayNow QR (issue 48) for
 * one registration take the same session advisory lock, held on a connection of its own (not a
 * transaction), so double-clicks, retries and twenty tabs charge once and open one QR. In-process
 * callers queue on a keyed mutex first, and at most half the pool may hold a lock at once: each
 * needs other connections for its reads and appends, and a pool all holding locks would wait for good.
 */
export function createPaymentLock(sql: Sql) {
  const withKey = createKeyedMutex();
  const withPermit = createSemaphore(Math.max(1, Math.floor(sql.options.max / 2)));
  return <T>(registrationId: number, fn: (conn: ReservedSql) => Promise<T>): Promise<T> => {
    const key = `payment:${registrationId}`;
    return withKey(key, () =>
      withPermit(async () => {
        const conn = await sql.reserve();
        try {
          await conn`select pg_advisory_lock(hashtextextended(${key}, 0))`;
          try {
            return await fn(conn);
          } finally {
            await conn`select pg_advisory_unlock(hashtextextended(${key}, 0))`;
          }
        } finally {
          conn.release();
        }
      }),
    );
  };
}
