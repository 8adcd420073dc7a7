import type { Queryable } from './types';

/**
 * Where an append landed: its transaction and its last global position. A subscription whose
 * checkpoint pair is at or past it has handled every event of that append.
 */
export interface Position {
  transactionId: string;
  globalPosition: number;
}

export const START: Position = { transactionId: '0', globalPosition: 0 };

/** `<xid>.<position>`: safe in a header, a query string or JSON. */
export function formatPosition(p: Position): string {
  return `${p.transactionId}.${p.globalPosition}`;
}

export function parsePosition(token: string): Position {
  const m = /^(\d{1,20})\.(\d{1,16})$/.exec(token);
  if (!m) throw new TypeError(`Not a position token: ${token}`);
  return { transactionId: m[1]!, globalPosition: Number(m[2]) };
}

/** Orders two positions like the subscriber's `(transaction_id, global_position)` order. */
export function comparePositions(a: Position, b: Position): number {
  const ta = BigInt(a.transactionId);
  const tb = BigInt(b.transactionId);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.globalPosition - b.globalPosition;
}

/**
 * Read-your-writes: resolves true once `subscription` has handled `position`, false when
 * `timeoutMs` passes first (the caller then answers with what it has).
 */
export async function waitForPosition(
  sql: Queryable,
  subscription: string,
  position: Position | string,
  timeoutMs = 2_000,
  pollMs = 10,
): Promise<boolean> {
  const p = typeof position === 'string' ? parsePosition(position) : position;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql<{ reached: boolean }[]>`
      select (transaction_id, global_position) >= (${p.transactionId}::xid8, ${p.globalPosition}::bigint) as reached
      from subscription_checkpoints where name = ${subscription}`;
    if (row?.reached) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise((r) => setTimeout(r, Math.min(pollMs, left)));
  }
}
