import type { TransactionSql } from '@hs/db';
import { type Projection, type RecordedEvent, defineProjection } from '@hs/eventstore';

interface BatchProjection extends Omit<Projection, 'handlers' | 'applyBatch'> {
  /** The event types followed. */
  types: readonly string[];
  /** Applies the batch's events in order; a single event is a batch of one. */
  applyBatch: (tx: TransactionSql, events: RecordedEvent[]) => Promise<unknown>;
}

/**
 * A projection written once, as a batch: its one-at-a-time handlers apply each event as a batch of
 * one, so every row is built in one place (batch.int.spec.ts checks that a batch of many leaves the
 * rows batches of one leave).
 */
export function defineBatchProjection({ types, applyBatch, ...rest }: BatchProjection): Projection {
  const one = (tx: TransactionSql, event: RecordedEvent) => applyBatch(tx, [event]);
  return defineProjection({
    ...rest,
    applyBatch,
    handlers: Object.fromEntries(types.map((type) => [type, one])),
  });
}
